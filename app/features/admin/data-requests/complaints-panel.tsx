import { useState } from 'react'
import {
  type ComplaintRow,
  type ComplaintStatus,
  complaintStatuses,
} from '../../../../core/schemas/complaints.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field, Select, Textarea } from '../../../components/ui/field.tsx'
import { Cell, DataTable } from '../../../components/ui/table.tsx'
import { apiRequest } from '../api.ts'
import { formatDateTime } from '../format.ts'
import { serverMessage, useAdminMutation } from '../use-admin-mutation.ts'
import { useList } from '../use-list.ts'

const COMPLAINTS = '/api/admin/subjects/complaints'

const statusLabel: Record<ComplaintStatus, string> = {
  new: 'New',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
}
const statusTone = { new: 'warning', acknowledged: 'neutral', resolved: 'positive' } as const

/**
 * Data-protection complaints (Data (Use and Access) Act 2025): each must be acknowledged within 30
 * days of receipt; the list shows the deadline, flags the overdue, and opens one to record the
 * acknowledgement, the outcome and the reply sent.
 */
export function ComplaintsPanel() {
  const list = useList<ComplaintRow>(COMPLAINTS)
  const [open, setOpen] = useState<ComplaintRow | null>(null)
  const overdue = list.rows.filter((c) => c.overdue).length
  return (
    <Card
      title="Complaints"
      description="Data-protection complaints from the complaint form. Acknowledge each within 30 days of receipt and answer without undue delay."
    >
      {overdue > 0 ? (
        <Alert tone="warning" className="mb-4">
          {`${overdue} ${overdue === 1 ? 'complaint is' : 'complaints are'} past the 30-day acknowledgement deadline.`}
        </Alert>
      ) : null}
      <DataTable
        caption="Data-protection complaints"
        head={['Reference', 'Received', 'Acknowledge by', 'Status', 'Outcome', 'Reply sent', '']}
        empty={list.isLoading ? 'Loading...' : list.rows.length === 0 ? 'No complaints yet.' : null}
      >
        {list.rows.map((c) => (
          <tr key={c.id} className={c.overdue ? 'bg-red-50' : undefined} data-testid="complaint-row">
            <Cell className="whitespace-nowrap font-medium font-mono text-slate-900">{c.reference}</Cell>
            <Cell className="whitespace-nowrap">{formatDateTime(c.receivedAt)}</Cell>
            <Cell
              className={c.overdue ? 'whitespace-nowrap font-semibold text-red-800' : 'whitespace-nowrap'}
            >
              {formatDateTime(c.acknowledgeBy)}
              {c.overdue ? ' (overdue)' : ''}
            </Cell>
            <Cell>
              <div className="flex flex-wrap gap-1">
                <Badge tone={statusTone[c.status]}>{statusLabel[c.status]}</Badge>
                {c.acknowledgementSent ? null : <Badge tone="danger">Acknowledgement not sent</Badge>}
              </div>
            </Cell>
            <Cell className="max-w-48 truncate">{c.outcome ?? '—'}</Cell>
            <Cell className="max-w-48 truncate">{c.reply ?? '—'}</Cell>
            <Cell>
              <Button variant="secondary" size="sm" onClick={() => setOpen(c)}>
                Open<span className="sr-only"> {c.reference}</span>
              </Button>
            </Cell>
          </tr>
        ))}
      </DataTable>
      <Dialog
        open={open !== null}
        onOpenChange={(next) => (next ? null : setOpen(null))}
        title={open ? `Complaint ${open.reference}` : 'Complaint'}
        className="max-w-2xl"
      >
        {open ? <ComplaintForm key={open.id} complaint={open} onDone={() => setOpen(null)} /> : null}
      </Dialog>
    </Card>
  )
}

function ComplaintForm({ complaint, onDone }: { complaint: ComplaintRow; onDone: () => void }) {
  const [status, setStatus] = useState<ComplaintStatus>(complaint.status)
  const [outcome, setOutcome] = useState(complaint.outcome ?? '')
  const [reply, setReply] = useState(complaint.reply ?? '')
  const [problem, setProblem] = useState<string | null>(null)
  const save = useAdminMutation({
    request: () =>
      apiRequest<ComplaintRow>('PUT', `${COMPLAINTS}/${complaint.id}`, { status, outcome, reply }),
    invalidate: [COMPLAINTS, '/api/admin/activity'],
    success: (row) => ({
      title: 'Complaint saved',
      description: `${row.reference}: ${statusLabel[row.status]}`,
    }),
    failure: (e) => ({ title: 'Error', description: serverMessage(e) ?? 'Failed to save the complaint.' }),
  })
  const facts: [string, string][] = [
    ['Received', formatDateTime(complaint.receivedAt)],
    ['Acknowledge by', formatDateTime(complaint.acknowledgeBy)],
    ['Name', complaint.name],
    ['Email', complaint.email],
    ['Phone', complaint.phone ?? '—'],
    ['Contact by', complaint.contactBy === 'phone' ? 'Phone' : 'Email'],
    ['Enquiry reference', complaint.leadReference ?? '—'],
    ['Acknowledgement email', complaint.acknowledgementSent ? 'Sent' : 'Not sent'],
  ]
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault()
        setProblem(null)
        save.mutate(undefined, {
          onSuccess: onDone,
          onError: (error) => setProblem(serverMessage(error) ?? 'Failed to save the complaint.'),
        })
      }}
    >
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-600 text-xs">{label}</dt>
            <dd className="break-all text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h3 className="font-semibold text-navy-900 text-sm">The complaint</h3>
        <p className="mt-1 whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-slate-800 text-sm">
          {complaint.details}
        </p>
      </div>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <Field label="Status">
        {(c) => (
          <Select {...c} value={status} onChange={(e) => setStatus(e.target.value as ComplaintStatus)}>
            {complaintStatuses.map((s) => (
              <option key={s} value={s}>
                {statusLabel[s]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Outcome">
        {(c) => <Textarea {...c} rows={2} value={outcome} onChange={(e) => setOutcome(e.target.value)} />}
      </Field>
      <Field label="Reply sent" hint="What you answered the complainant.">
        {(c) => <Textarea {...c} rows={5} value={reply} onChange={(e) => setReply(e.target.value)} />}
      </Field>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  )
}
