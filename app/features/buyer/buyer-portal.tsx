import { Download, LogOut, ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { returnReasons } from '../../../core/schemas/buyers.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Button, buttonClasses } from '../../components/ui/button.tsx'
import { ScreenHeader } from '../../components/ui/screen-header.tsx'
import { DataTable } from '../../components/ui/table.tsx'
import type { PortalData, PortalLead } from './portal-data.server.ts'
import { ReturnDialog } from './return-dialog.tsx'

export const when = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})
const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short' })
export const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })

const outcomeTone = { pending: 'warning', approved: 'positive', rejected: 'danger' } as const
const outcomeLabel = { pending: 'Return pending', approved: 'Return approved', rejected: 'Return rejected' }

/** /buyer: the firm's own accepted leads, each returnable within its window, and the CSV. */
export function BuyerPortal({ data }: { data: PortalData }) {
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize))
  return (
    <div className="min-h-screen bg-slate-100">
      <ScreenHeader
        title="Your leads"
        width="7xl"
        subtitle={`${data.buyerName} · signed in as ${data.email}`}
      >
        <div className="flex flex-wrap gap-2">
          <a href="/api/buyer/leads.csv" download className={buttonClasses('secondary', 'sm')}>
            <Download className="size-4" aria-hidden="true" />
            Download CSV
          </a>
          <a href="/buyer/account" className={buttonClasses('secondary', 'sm')}>
            <ShieldCheck className="size-4" aria-hidden="true" />
            Your account
          </a>
          <a href="/api/logout" className={buttonClasses('secondary', 'sm')}>
            <LogOut className="size-4" aria-hidden="true" />
            Sign out
          </a>
        </div>
      </ScreenHeader>
      <main className="mx-auto grid max-w-7xl gap-4 px-4 py-6">
        <p className="text-slate-700">
          {data.total === 1 ? '1 lead' : `${data.total} leads`} bought, newest first. Return a lead within its
          contract's return window; the operator reviews each return.
        </p>
        {/* A table where there is room; below md, a card per lead with Return beside the name. */}
        <div className="hidden md:block">
          <DataTable
            caption="Leads you bought"
            head={['Lead', 'Contact', 'Accepted', 'Contract', 'Return']}
            empty={data.leads.length === 0 ? 'No leads yet.' : null}
          >
            {data.leads.map((lead) => (
              <LeadRow key={lead.saleId} lead={lead} />
            ))}
          </DataTable>
        </div>
        <div className="md:hidden">
          {data.leads.length === 0 ? (
            <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700">No leads yet.</p>
          ) : (
            <ul aria-label="Leads you bought" className="grid gap-3">
              {data.leads.map((lead) => (
                <LeadCard key={lead.saleId} lead={lead} />
              ))}
            </ul>
          )}
        </div>
        {pages > 1 ? (
          <nav aria-label="Pages" className="flex flex-wrap items-center gap-3">
            {data.page > 1 ? (
              <a href={`/buyer?page=${data.page - 1}`} className={buttonClasses('secondary', 'sm')}>
                Previous page
              </a>
            ) : null}
            <span className="text-slate-700 text-sm">
              Page {data.page} of {pages}
            </span>
            {data.page < pages ? (
              <a href={`/buyer?page=${data.page + 1}`} className={buttonClasses('secondary', 'sm')}>
                Next page
              </a>
            ) : null}
          </nav>
        ) : null}
      </main>
    </div>
  )
}

function nameOf(lead: PortalLead) {
  return lead.person
    ? `${lead.person.firstName} ${lead.person.lastName}`
    : lead.returned
      ? 'Returned'
      : 'Erased'
}

/** The lead's name, opening its detail while the buyer still holds a reference to open. */
function LeadLink({ lead, name }: { lead: PortalLead; name: string }) {
  return lead.reference ? (
    <a
      href={`/buyer/leads/${encodeURIComponent(lead.reference)}`}
      className="font-medium text-teal-800 underline underline-offset-2"
    >
      {name}
      <span className="sr-only"> (open lead {lead.reference.slice(0, 8)})</span>
    </a>
  ) : (
    <span className="font-medium text-navy-900">{name}</span>
  )
}

function Contact({ person }: { person: NonNullable<PortalLead['person']> }) {
  return (
    <>
      <a className="text-teal-800 underline" href={`tel:${person.phone.replace(/\s/g, '')}`}>
        {person.phone}
      </a>
      <span className="block break-all text-slate-600 text-xs">{person.email}</span>
    </>
  )
}

/** The return's outcome, the Return button within the window, or why there is none. */
export function ReturnState({
  lead,
  name,
}: {
  lead: Pick<PortalLead, 'return' | 'canReturn' | 'reference' | 'returnableUntil' | 'erased'>
  name: string
}) {
  const [open, setOpen] = useState(false)
  if (lead.return) {
    return (
      <div className="grid justify-items-start gap-1">
        <Badge tone={outcomeTone[lead.return.status]}>{outcomeLabel[lead.return.status]}</Badge>
        <span className="text-slate-600 text-xs">{returnReasons[lead.return.reason]}</span>
        {lead.return.decisionNote ? (
          <span className="text-slate-700 text-xs">
            <span className="sr-only">Operator’s reason: </span>“{lead.return.decisionNote}”
          </span>
        ) : null}
        {lead.return.instruction ? (
          <span className="max-w-xs font-medium text-navy-900 text-xs">{lead.return.instruction}</span>
        ) : null}
      </div>
    )
  }
  if (lead.canReturn && lead.reference) {
    return (
      <div>
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
          Return<span className="sr-only"> lead of {name}</span>
        </Button>
        <span className="mt-1 block text-slate-600 text-xs">
          Until {day.format(new Date(lead.returnableUntil))}
        </span>
        <ReturnDialog reference={lead.reference} name={name} open={open} onOpenChange={setOpen} />
      </div>
    )
  }
  return <span className="text-slate-600 text-xs">{lead.erased ? '—' : 'Return window closed'}</span>
}

function LeadRow({ lead }: { lead: PortalLead }) {
  const name = nameOf(lead)
  return (
    <tr className="align-top">
      <td className="px-4 py-3">
        <LeadLink lead={lead} name={name} />
        <span className="block break-all font-mono text-slate-600 text-xs">
          {lead.reference ?? 'The person asked for their data to be erased'}
        </span>
      </td>
      <td className="px-4 py-3">{lead.person ? <Contact person={lead.person} /> : '—'}</td>
      <td className="whitespace-nowrap px-4 py-3">{when.format(new Date(lead.acceptedAt))}</td>
      <td className="px-4 py-3">
        {lead.contractName}
        <span className="block text-slate-600 text-xs">{pounds.format(lead.pricePence / 100)}</span>
      </td>
      <td className="px-4 py-3">
        <ReturnState lead={lead} name={name} />
      </td>
    </tr>
  )
}

/** A lead on a phone: who, how to reach them, and Return within thumb's reach. */
function LeadCard({ lead }: { lead: PortalLead }) {
  const name = nameOf(lead)
  return (
    <li
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="lead-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <LeadLink lead={lead} name={name} />
          <span className="block break-all font-mono text-slate-600 text-xs">
            {lead.reference ?? 'The person asked for their data to be erased'}
          </span>
        </div>
        <ReturnState lead={lead} name={name} />
      </div>
      {lead.person ? (
        <div className="text-sm">
          <Contact person={lead.person} />
        </div>
      ) : null}
      <p className="text-slate-600 text-xs">
        {when.format(new Date(lead.acceptedAt))} · {lead.contractName} ·{' '}
        {pounds.format(lead.pricePence / 100)}
      </p>
    </li>
  )
}

/** Shown instead of the page to an account that is not an active buyer's. */
export function BuyerRefused({ message, title = 'No access' }: { message: string; title?: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-4">
      <div role="alert" className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="font-bold text-2xl text-navy-900">{title}</h1>
        <p className="mt-2 text-slate-700">{message}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          {title === 'No access' ? null : (
            <a href="/buyer" className={buttonClasses('secondary', 'sm')}>
              All leads
            </a>
          )}
          <a href="/api/logout" className={buttonClasses('secondary', 'sm')}>
            Sign out
          </a>
        </div>
      </div>
    </main>
  )
}
