import { MonitorSmartphone } from 'lucide-react'
import { Button } from '../../components/ui/button.tsx'
import { apiRequest } from '../admin/api.ts'
import { serverMessage, useAdminMutation } from '../admin/use-admin-mutation.ts'
import { type Ended, SessionList } from './session-list.tsx'

const URL = '/api/account/sessions'

/** Account → "Active sessions": where this account is signed in, and a way to end each. */
export function SessionsSection() {
  const endOthers = useAdminMutation({
    request: () => apiRequest<Ended>('DELETE', URL),
    invalidate: [URL],
    success: (result) => ({
      title: 'Signed out everywhere else',
      description:
        result.ended === 0
          ? 'There were no other sessions.'
          : `${result.ended} other ${result.ended === 1 ? 'session was' : 'sessions were'} ended.`,
    }),
    failure: (e) => ({ title: 'Error', description: serverMessage(e) ?? 'The sessions were not ended.' }),
  })

  return (
    <section
      aria-labelledby="sessions-heading"
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="sessions-heading" className="flex items-center gap-2 font-bold text-lg text-navy-900">
            <MonitorSmartphone className="size-5 text-teal-700" aria-hidden="true" />
            Active sessions
          </h2>
          <p className="text-slate-600 text-sm">
            Where your account is signed in. End any session you do not recognise, then{' '}
            <a href="#password" className="font-medium text-teal-800 underline underline-offset-2">
              change your password
            </a>
            .
          </p>
        </div>
        <Button
          variant="secondary"
          disabled={endOthers.isPending}
          aria-busy={endOthers.isPending}
          onClick={() => endOthers.mutate(undefined)}
        >
          Sign out everywhere else
        </Button>
      </div>
      <SessionList
        url={URL}
        caption="Your active sessions"
        onSignedOut={() => window.location.assign('/api/login')}
      />
    </section>
  )
}
