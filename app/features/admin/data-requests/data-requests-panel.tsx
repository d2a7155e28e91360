import { Download, Search, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { PHONE_FORMATS_HINT } from '../../../../core/phone.ts'
import {
  type SubjectErasure,
  type SubjectExport,
  subjectQueryString,
} from '../../../../core/schemas/data-requests.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button, buttonClasses } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Field, Input, Select } from '../../../components/ui/field.tsx'
import { Cell, DataTable } from '../../../components/ui/table.tsx'
import { apiRequest } from '../api.ts'
import { formatDateTime } from '../format.ts'
import { serverMessage, useAdminMutation } from '../use-admin-mutation.ts'
import { ComplaintsPanel } from './complaints-panel.tsx'

const SUBJECTS = '/api/admin/subjects'

type By = 'email' | 'phone'
type Found = { by: By; typed: string; query: string; data: SubjectExport }

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/**
 * Data requests (UK GDPR): find everything held about a person by email or phone, hand them a copy
 * as JSON, or erase it. Nothing found here is kept in the query cache: it lives in this panel only.
 */
export function SubjectsPanel() {
  const [by, setBy] = useState<By>('email')
  const [typed, setTyped] = useState('')
  const [found, setFound] = useState<Found | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [erasedNote, setErasedNote] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const [confirming, setConfirming] = useState(false)

  const erase = useAdminMutation({
    request: (query: string) => apiRequest<SubjectErasure>('DELETE', `${SUBJECTS}?${query}`),
    invalidate: ['/api/leads', '/api/admin/leads', '/api/admin/activity', '/api/admin/subjects/complaints'],
    success: (result) => ({
      title: 'Personal data erased',
      description: `${erasedText(result)} erased.`,
    }),
    failure: () => ({ title: 'Error', description: 'Failed to erase the data. Please try again.' }),
  })

  const lookUp = async () => {
    const query = subjectQueryString(by, typed)
    setPending(true)
    setProblem(null)
    setErasedNote(null)
    try {
      const data = await apiRequest<SubjectExport>('GET', `${SUBJECTS}?${query}`)
      setFound({ by, typed: typed.trim(), query, data })
    } catch (e) {
      setFound(null)
      setProblem(serverMessage(e) ?? 'The lookup failed. Please try again.')
    } finally {
      setPending(false)
    }
  }

  const who = found?.typed ?? ''
  const leads = found?.data.leads ?? []
  const submissions = found?.data.submissions ?? []
  const complaints = found?.data.complaints ?? []
  const held = leads.length + submissions.length + complaints.length
  const heldText = [
    plural(leads.length, 'lead'),
    ...(submissions.length ? [plural(submissions.length, 'later submission')] : []),
    ...(complaints.length ? [plural(complaints.length, 'complaint')] : []),
  ].join(' and ')

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card
        title="Data requests"
        description="When someone asks what we hold about them, or asks us to delete it, look them up by the email or phone number they gave."
      >
        <form
          className="flex flex-wrap items-start gap-3"
          aria-label="Look up a person"
          // The server's own words appear beside the field (and are announced), not a browser bubble.
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void lookUp()
          }}
        >
          <Field label="Look up by" className="w-full sm:w-44">
            {(c) => (
              <Select
                {...c}
                value={by}
                onChange={(e) => {
                  setBy(e.target.value as By)
                  setProblem(null)
                }}
              >
                <option value="email">Email address</option>
                <option value="phone">Phone number</option>
              </Select>
            )}
          </Field>
          <Field
            label={by === 'email' ? 'Email address' : 'Phone number'}
            hint={by === 'email' ? 'Capitals and spaces do not matter' : PHONE_FORMATS_HINT}
            error={problem}
            className="min-w-0 flex-1 basis-60"
          >
            {(c) => (
              <Input
                {...c}
                type={by === 'email' ? 'email' : 'tel'}
                autoComplete="off"
                required
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
              />
            )}
          </Field>
          <Button type="submit" className="sm:mt-6" disabled={pending} aria-busy={pending}>
            <Search className="size-4" aria-hidden="true" />
            {pending ? 'Looking up...' : 'Look up'}
          </Button>
        </form>
      </Card>

      <div role="status" className="empty:hidden">
        {erasedNote ? <Alert tone="info">{erasedNote}</Alert> : null}
      </div>

      {found ? (
        <Card
          title="What we hold"
          description={
            held === 0
              ? `Nothing is held for ${who}.`
              : `${heldText} for ${who}. The download has every stored field, the questionnaire answers, deliveries to buyers and who opened each lead.`
          }
          actions={
            held > 0 ? (
              <>
                <a
                  className={buttonClasses('secondary', 'sm')}
                  href={`${SUBJECTS}?${found.query}&download=1`}
                  download="subject-export.json"
                >
                  <Download className="size-4" aria-hidden="true" />
                  Download JSON
                </a>
                <Button variant="destructive" size="sm" onClick={() => setConfirming(true)}>
                  <Trash2 className="size-4" aria-hidden="true" />
                  Erase
                </Button>
              </>
            ) : null
          }
        >
          {held > 0 ? <Summary data={found.data} /> : null}
          {leads.length > 0 ? (
            <DataTable
              caption={`Leads held for ${who}`}
              head={['Lead', 'Received', 'Name', 'Email', 'Phone', 'Eligible', 'Deliveries']}
              empty={null}
            >
              {leads.map((lead) => (
                <tr key={lead.id}>
                  <Cell className="font-medium text-slate-900">#{lead.id}</Cell>
                  <Cell className="whitespace-nowrap">{formatDateTime(lead.createdAt)}</Cell>
                  <Cell>
                    {lead.firstName} {lead.lastName}
                  </Cell>
                  <Cell className="break-all">{lead.email}</Cell>
                  <Cell className="whitespace-nowrap">{lead.phone}</Cell>
                  <Cell>
                    {lead.eligibility ? (
                      <Badge tone={lead.eligibility.isEligible ? 'positive' : 'neutral'}>
                        {lead.eligibility.isEligible ? 'Yes' : 'No'}
                      </Badge>
                    ) : (
                      'Not answered'
                    )}
                  </Cell>
                  <Cell>{lead.deliveries.length}</Cell>
                </tr>
              ))}
            </DataTable>
          ) : null}
          {submissions.length > 0 ? (
            <DataTable
              caption={`Later submissions held for ${who}`}
              head={['Received', 'Name', 'Email', 'Phone', 'Linked to lead', 'Deliveries']}
              empty={null}
            >
              {submissions.map((s) => (
                <tr key={s.id}>
                  <Cell className="whitespace-nowrap">{formatDateTime(s.createdAt)}</Cell>
                  <Cell>
                    {s.firstName} {s.lastName}
                  </Cell>
                  <Cell className="break-all">{s.email}</Cell>
                  <Cell className="whitespace-nowrap">{s.phone}</Cell>
                  <Cell>#{s.leadId}</Cell>
                  <Cell>{s.deliveries.length}</Cell>
                </tr>
              ))}
            </DataTable>
          ) : null}
        </Card>
      ) : null}

      <ComplaintsPanel />

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Erase this person's data?"
        description={
          <>
            <p>
              This permanently deletes the {heldText} held for <strong>{who}</strong>, with their
              questionnaire answers, consent evidence, attribution and delivery records. It cannot be undone,
              and the consent proof for these leads goes too.
            </p>
            <p className="mt-2">
              Copies already sent to buyers stay with them: ask them to erase theirs. Download the data first
              if the person asked for a copy.
            </p>
          </>
        }
        confirmLabel={`Erase ${heldText}`}
        pending={erase.isPending}
        onConfirm={() => {
          if (!found) return
          erase.mutate(found.query, {
            onSuccess: (result) => {
              setFound(null)
              setErasedNote(
                `${erasedText(result)} erased for ${who}. The activity log records the erasure without naming the person.`,
              )
            },
            onSettled: () => setConfirming(false),
          })
        }}
      />
    </div>
  )
}

function erasedText(result: SubjectErasure) {
  return [
    plural(result.erased, 'lead'),
    ...(result.submissions ? [plural(result.submissions, 'later submission')] : []),
    ...(result.complaints ? [plural(result.complaints, 'complaint')] : []),
  ].join(' and ')
}

function Summary({ data }: { data: SubjectExport }) {
  const { leads, submissions } = data
  const received = [...leads, ...submissions].map((r) => r.createdAt).sort()
  const first = received[0]
  const last = received.at(-1)
  const deliveries = [...leads, ...submissions].flatMap((l) => l.deliveries)
  const delivered = deliveries.filter((d) => d.status === 'delivered').length
  const answered = leads.filter((l) => l.eligibility).length
  const items: [string, string][] = [
    ['Leads', String(leads.length)],
    ['First received', first ? formatDateTime(first) : '—'],
    ['Last received', last ? formatDateTime(last) : '—'],
    ['Later submissions', String(submissions.length)],
    ['Questionnaire answers', String(answered)],
    ['Deliveries to buyers', deliveries.length ? `${deliveries.length} (${delivered} delivered)` : '0'],
  ]
  return (
    <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg bg-slate-50 p-3">
          <dt className="text-slate-600 text-xs">{label}</dt>
          <dd className="font-semibold text-navy-900 text-sm">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
