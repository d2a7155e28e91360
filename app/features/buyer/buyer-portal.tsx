import { Download, LogOut, ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { returnReasons } from '../../../core/schemas/buyers.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Button, buttonClasses } from '../../components/ui/button.tsx'
import { ScreenHeader } from '../../components/ui/screen-header.tsx'
import { DataTable } from '../../components/ui/table.tsx'
import type { PortalData, PortalLead } from './portal-data.server.ts'
import { ReturnDialog } from './return-dialog.tsx'

const when = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})
const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short' })
const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })

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
        <DataTable
          caption="Leads you bought"
          head={['Lead', 'Contact', 'Accepted', 'Contract', 'Return']}
          empty={data.leads.length === 0 ? 'No leads yet.' : null}
        >
          {data.leads.map((lead) => (
            <LeadRow key={lead.saleId} lead={lead} />
          ))}
        </DataTable>
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

function LeadRow({ lead }: { lead: PortalLead }) {
  const [open, setOpen] = useState(false)
  const name = lead.person
    ? `${lead.person.firstName} ${lead.person.lastName}`
    : lead.returned
      ? 'Returned'
      : 'Erased'
  return (
    <tr className="align-top">
      <td className="px-4 py-3">
        <span className="font-medium text-navy-900">{name}</span>
        <span className="block break-all font-mono text-slate-600 text-xs">
          {lead.reference ?? 'The person asked for their data to be erased'}
        </span>
      </td>
      <td className="px-4 py-3">
        {lead.person ? (
          <>
            <a className="text-teal-800 underline" href={`tel:${lead.person.phone.replace(/\s/g, '')}`}>
              {lead.person.phone}
            </a>
            <span className="block break-all text-slate-600 text-xs">{lead.person.email}</span>
          </>
        ) : (
          '—'
        )}
      </td>
      <td className="whitespace-nowrap px-4 py-3">{when.format(new Date(lead.acceptedAt))}</td>
      <td className="px-4 py-3">
        {lead.contractName}
        <span className="block text-slate-600 text-xs">{pounds.format(lead.pricePence / 100)}</span>
      </td>
      <td className="px-4 py-3">
        {lead.return ? (
          <div className="grid justify-items-start gap-1">
            <Badge tone={outcomeTone[lead.return.status]}>{outcomeLabel[lead.return.status]}</Badge>
            <span className="text-slate-600 text-xs">{returnReasons[lead.return.reason]}</span>
            {lead.return.decisionNote ? (
              <span className="text-slate-700 text-xs">“{lead.return.decisionNote}”</span>
            ) : null}
            {lead.return.instruction ? (
              <span className="max-w-xs font-medium text-navy-900 text-xs">{lead.return.instruction}</span>
            ) : null}
          </div>
        ) : lead.canReturn && lead.reference ? (
          <>
            <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
              Return<span className="sr-only"> lead of {name}</span>
            </Button>
            <span className="mt-1 block text-slate-600 text-xs">
              Until {day.format(new Date(lead.returnableUntil))}
            </span>
            <ReturnDialog reference={lead.reference} name={name} open={open} onOpenChange={setOpen} />
          </>
        ) : (
          <span className="text-slate-600 text-xs">{lead.erased ? '—' : 'Return window closed'}</span>
        )}
      </td>
    </tr>
  )
}

/** Shown instead of the page to an account that is not an active buyer's. */
export function BuyerRefused({ message }: { message: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-4">
      <div role="alert" className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="font-bold text-2xl text-navy-900">No access</h1>
        <p className="mt-2 text-slate-700">{message}</p>
        <a href="/api/logout" className={`${buttonClasses('secondary', 'sm')} mt-4`}>
          Sign out
        </a>
      </div>
    </main>
  )
}
