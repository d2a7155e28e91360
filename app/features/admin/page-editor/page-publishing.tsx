import { useQuery } from '@tanstack/react-query'
import { CalendarClock, Check, X } from 'lucide-react'
import { useState } from 'react'
import type { PublicationView } from '../../../../core/schemas/page-publications.ts'
import type { SettingRow } from '../../../../core/schemas/settings.ts'
import type { CurrentAdmin } from '../../../../core/schemas/users.ts'
import { parseSetting } from '../../../../core/settings.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { Switch } from '../../../components/ui/switch.tsx'
import { Cell, DataTable } from '../../../components/ui/table.tsx'
import { apiRequest, asList } from '../api.ts'
import { formatDateTime } from '../format.ts'
import { RejectDialog } from '../reject-dialog.tsx'
import { serverMessage, useAdminMutation } from '../use-admin-mutation.ts'

// Four-eyes and scheduled publishing (docs/decisions/0079-four-eyes-and-scheduled-publishing.md).

export const PUBLICATIONS = '/api/admin/pages/publications'

/** A save's 202: the version awaits a second admin and nothing went live. */
export type ApprovalAnswer = { code: 'approval-required'; message: string; publication: PublicationView }

export function isApprovalAnswer(value: unknown): value is ApprovalAnswer {
  return (
    typeof value === 'object' && value !== null && (value as { code?: unknown }).code === 'approval-required'
  )
}

export const approvalToast = {
  title: 'Needs approval',
  description: 'Another admin must approve this before it goes live: it is in their approvals list.',
}

const statusWords: Record<PublicationView['status'], string> = {
  'awaiting-approval': 'Needs approval',
  scheduled: 'Scheduled',
  publishing: 'Publishing',
  published: 'Published',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  failed: 'Failed',
}

function StatusBadge({ status }: { status: PublicationView['status'] }) {
  const tone =
    status === 'awaiting-approval'
      ? 'warning'
      : status === 'published'
        ? 'positive'
        : status === 'rejected' || status === 'failed'
          ? 'danger'
          : 'neutral'
  return <Badge tone={tone}>{statusWords[status]}</Badge>
}

function useUser() {
  return useQuery<CurrentAdmin | null>({ queryKey: ['/api/auth/user'] }).data ?? null
}

/** Approve, reject (with a note) and cancel, for one publication at a time. */
function useDecisions(invalidate: string[]) {
  const [rejecting, setRejecting] = useState<PublicationView | null>(null)
  const decide = useAdminMutation({
    request: ({
      id,
      action,
      body,
    }: {
      id: number
      action: 'approve' | 'reject' | 'cancel'
      body?: unknown
    }) => apiRequest<PublicationView>('POST', `${PUBLICATIONS}/${id}/${action}`, body ?? {}),
    invalidate: [PUBLICATIONS, ...invalidate],
    success: (result) => ({
      title: `Publication ${statusWords[result.status].toLowerCase()}`,
      description:
        result.status === 'scheduled' && result.publishAtLondon
          ? `It goes live on ${result.publishAtLondon.replace('T', ' at ')} (London time).`
          : undefined,
    }),
    failure: (e) => ({ title: 'That did not work', description: serverMessage(e) ?? 'Please try again' }),
  })
  const dialog = (
    <RejectDialog
      open={rejecting !== null}
      onClose={() => setRejecting(null)}
      description={rejecting ? `“${rejecting.title}” stays as it is. Say why, for whoever asked.` : ''}
      pending={decide.isPending}
      onReject={(note, done) => {
        if (!rejecting) return
        decide.mutate(
          { id: rejecting.id, action: 'reject', body: { note } },
          {
            onSuccess: () => {
              setRejecting(null)
              done()
            },
          },
        )
      }}
    />
  )
  return { decide, reject: setRejecting, dialog }
}

/** The buttons an admin other than the requester sees on a publication awaiting approval. */
function DecisionButtons({
  publication,
  user,
  decisions,
}: {
  publication: PublicationView
  user: CurrentAdmin | null
  decisions: ReturnType<typeof useDecisions>
}) {
  const { decide, reject } = decisions
  const waiting = publication.status === 'awaiting-approval'
  const canDecide = waiting && user?.role === 'admin' && user.email !== publication.requestedByEmail
  return (
    <div className="flex flex-wrap gap-2">
      {canDecide ? (
        <>
          <Button
            size="sm"
            disabled={decide.isPending}
            aria-label={`Approve “${publication.title}”`}
            onClick={() => decide.mutate({ id: publication.id, action: 'approve' })}
          >
            <Check className="size-4" aria-hidden="true" />
            Approve
          </Button>
          <Button
            size="sm"
            variant="destructive"
            aria-label={`Reject “${publication.title}”`}
            onClick={() => reject(publication)}
          >
            <X className="size-4" aria-hidden="true" />
            Reject
          </Button>
        </>
      ) : null}
      {waiting || publication.status === 'scheduled' ? (
        <Button
          size="sm"
          variant="secondary"
          disabled={decide.isPending}
          aria-label={`Cancel publication of “${publication.title}”`}
          onClick={() => decide.mutate({ id: publication.id, action: 'cancel' })}
        >
          Cancel
        </Button>
      ) : null}
    </div>
  )
}

function Flags({ publication }: { publication: PublicationView }) {
  if (publication.flags.length === 0) return null
  return (
    <ul className="mt-1 list-disc pl-5 text-amber-900 text-xs">
      {publication.flags.map((f) => (
        <li key={f.code}>{f.message}</li>
      ))}
    </ul>
  )
}

const SETTINGS = '/api/admin/settings'
const APPROVAL_SETTING = 'publish_approval_required'

/** The operator's switch: every publish needs a second admin (flagged content always does). */
function ApprovalSwitch() {
  const settings = useQuery({ queryKey: [SETTINGS] })
  const stored = asList<SettingRow>(settings.data).find((s) => s.key === APPROVAL_SETTING)?.value
  const on = parseSetting(APPROVAL_SETTING, stored)
  const save = useAdminMutation({
    request: (next: boolean) => apiRequest('POST', SETTINGS, { key: APPROVAL_SETTING, value: String(next) }),
    invalidate: [SETTINGS],
    success: (_, next) => ({
      title: next ? 'Every publish now needs a second admin' : 'Only flagged pages need a second admin',
    }),
    failure: (e) => ({
      title: 'Could not change the setting',
      description: serverMessage(e) ?? 'Please try again',
    }),
  })
  return (
    <div className="mb-4 flex items-center gap-3">
      <Switch
        id="publish-approval-required"
        checked={on}
        disabled={save.isPending || settings.isLoading}
        onCheckedChange={(next) => save.mutate(next)}
        aria-describedby="publish-approval-required-hint"
      />
      <div>
        <label htmlFor="publish-approval-required" className="font-medium text-slate-800 text-sm">
          Every publish needs a second admin
        </label>
        <p id="publish-approval-required-hint" className="text-slate-600 text-xs">
          Off: only pages the compliance review flags wait for approval.
        </p>
      </div>
    </div>
  )
}

/** The admins' approvals list: every page version awaiting a second admin. */
export function ApprovalsList() {
  const user = useUser()
  const url = `${PUBLICATIONS}?status=awaiting-approval`
  const list = useQuery({ queryKey: [url], enabled: user?.role === 'admin' })
  const decisions = useDecisions(['/api/admin/pages'])
  if (user?.role !== 'admin') return null
  const rows = asList<PublicationView>(list.data)
  return (
    <Card
      title="Approvals"
      description="Page versions another member of staff asked to publish. You cannot approve your own."
      className="mb-6"
    >
      {user.permissions.includes('settings') ? <ApprovalSwitch /> : null}
      <DataTable
        caption="Publications awaiting approval"
        head={['Page', 'Asked by', 'When', 'Actions']}
        empty={list.isLoading ? 'Loading…' : rows.length ? null : 'Nothing awaits approval'}
      >
        {rows.map((p) => (
          <tr key={p.id}>
            <Cell className="font-medium text-slate-900">
              {p.title} <span className="text-slate-500">/{p.slug}</span>
              <Flags publication={p} />
            </Cell>
            <Cell>{p.requestedByEmail ?? 'Unknown'}</Cell>
            <Cell>
              {formatDateTime(p.requestedAt)}
              {p.publishAtLondon ? (
                <span className="block text-slate-600 text-xs">
                  To go live {p.publishAtLondon.replace('T', ' at ')} (London)
                </span>
              ) : null}
            </Cell>
            <Cell>
              <DecisionButtons publication={p} user={user} decisions={decisions} />
            </Cell>
          </tr>
        ))}
      </DataTable>
      {decisions.dialog}
    </Card>
  )
}

/** Tomorrow at 09:00, as the date and time fields start. */
function tomorrow(): { date: string; time: string } {
  const d = new Date(Date.now() + 86_400_000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return { date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, time: '09:00' }
}

/** The page's publications: what awaits approval or is scheduled, and the schedule control. */
export function PagePublishing({ pageId, dirty }: { pageId: number; dirty: boolean }) {
  const user = useUser()
  const url = `${PUBLICATIONS}?pageId=${pageId}`
  const list = useQuery({ queryKey: [url] })
  const rows = asList<PublicationView>(list.data)
  const open = rows.filter((p) => p.status === 'awaiting-approval' || p.status === 'scheduled')
  const lastDecided = rows.find((p) => p.status === 'rejected' || p.status === 'failed')
  const [when, setWhen] = useState(tomorrow)
  const decisions = useDecisions([`/api/admin/pages/${pageId}`])
  const schedule = useAdminMutation({
    request: () =>
      apiRequest<PublicationView>('POST', `/api/admin/pages/${pageId}/publications`, {
        publishAt: `${when.date}T${when.time}`,
      }),
    invalidate: [PUBLICATIONS, `/api/admin/pages/${pageId}`],
    success: (p) =>
      p.status === 'awaiting-approval'
        ? approvalToast
        : {
            title: 'Publish scheduled',
            description: `The page goes live on ${p.publishAtLondon?.replace('T', ' at ')} (London time).`,
          },
    failure: (e) => ({ title: 'Could not schedule', description: serverMessage(e) ?? 'Please try again' }),
  })

  return (
    <Card
      title="Publishing"
      description="Approvals and scheduled publishing. Times are UK (Europe/London) time."
    >
      <div className="grid gap-5">
        {open.length ? (
          <ul className="grid gap-3" aria-label="Pending publications">
            {open.map((p) => (
              <li key={p.id} className="grid gap-2 rounded-lg border border-slate-200 p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <StatusBadge status={p.status} />
                  <span className="text-slate-700 text-sm">
                    “{p.title}” asked by {p.requestedByEmail ?? 'unknown'} on {formatDateTime(p.requestedAt)}
                    {p.publishAtLondon
                      ? `, to go live ${p.publishAtLondon.replace('T', ' at ')} (London)`
                      : ''}
                    {p.decidedByEmail ? `, approved by ${p.decidedByEmail}` : ''}
                  </span>
                </div>
                <Flags publication={p} />
                <DecisionButtons publication={p} user={user} decisions={decisions} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600 text-sm">Nothing awaits approval or a scheduled time.</p>
        )}
        {lastDecided && open.length === 0 ? (
          <p className="text-slate-700 text-sm" role="note">
            Last request {statusWords[lastDecided.status].toLowerCase()}
            {lastDecided.decidedByEmail ? ` by ${lastDecided.decidedByEmail}` : ''}
            {lastDecided.note ? `: ${lastDecided.note}` : ''}
          </p>
        ) : null}
        <form
          className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault()
            schedule.mutate(undefined)
          }}
        >
          <Field label="Publish on (date)">
            {(control) => (
              <Input
                {...control}
                type="date"
                required
                value={when.date}
                onChange={(e) => setWhen({ ...when, date: e.target.value })}
              />
            )}
          </Field>
          <Field label="At (London time)">
            {(control) => (
              <Input
                {...control}
                type="time"
                required
                value={when.time}
                onChange={(e) => setWhen({ ...when, time: e.target.value })}
              />
            )}
          </Field>
          <Button type="submit" disabled={schedule.isPending || dirty}>
            <CalendarClock className="size-4" aria-hidden="true" />
            Schedule publish
          </Button>
        </form>
        {dirty ? (
          <p className="text-slate-600 text-xs">
            Save your changes first: a schedule publishes the page as saved.
          </p>
        ) : null}
      </div>
      {decisions.dialog}
    </Card>
  )
}
