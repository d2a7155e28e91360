import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { type Ended, SessionList } from '../../account/session-list.tsx'
import { apiRequest } from '../api.ts'
import { serverMessage, useAdminMutation } from '../use-admin-mutation.ts'

/** Users → "Sessions": where a user is signed in, with End per session and for all of them. */
export function UserSessionsDialog({
  user,
  onOpenChange,
}: {
  user: { id: number; email: string } | null
  onOpenChange: (open: boolean) => void
}) {
  const url = `/api/admin/users/${user?.id ?? 0}/sessions`
  const endAll = useAdminMutation({
    request: () => apiRequest<Ended>('DELETE', url),
    invalidate: [url],
    success: (result) => ({
      title: 'Sessions ended',
      description: `${result.ended} ${result.ended === 1 ? 'session' : 'sessions'} of ${user?.email ?? ''} ended.`,
    }),
    failure: (e) => ({ title: 'Error', description: serverMessage(e) ?? 'The sessions were not ended.' }),
  })
  return (
    <Dialog
      open={user !== null}
      onOpenChange={onOpenChange}
      title={`Sessions of ${user?.email ?? ''}`}
      description="Where this user is signed in. Ending a session signs that browser out."
      className="max-w-3xl"
    >
      {user ? (
        <div className="grid gap-4">
          <SessionList
            url={url}
            caption={`Sessions of ${user.email}`}
            onSignedOut={() => window.location.assign('/api/login')}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Close
            </Button>
            <Button
              variant="destructive"
              disabled={endAll.isPending}
              onClick={() => endAll.mutate(undefined)}
            >
              End all sessions
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  )
}
