import { ChevronRight } from 'lucide-react'
import { useState } from 'react'
import { RevenueReportView } from '../revenue/revenue-report.tsx'
import { StatementDownload } from '../revenue/statement-download.tsx'

/**
 * The leads panel's revenue, folded away until asked for: the same breakdowns as the Overview for
 * the source and campaign the list is filtered by, and buyers' monthly statements.
 */
export function LeadsRevenue({ source, campaign }: { source: string; campaign: string }) {
  const [open, setOpen] = useState(false)
  const scope =
    source || campaign
      ? `for ${[source && `source “${source}”`, campaign && `campaign “${campaign}”`].filter(Boolean).join(' and ')}`
      : 'for all campaigns'
  return (
    <details
      className="group mb-4 rounded-xl border border-slate-200 bg-white shadow-sm"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl px-5 py-3 font-semibold text-navy-900 focus-visible:outline-3 focus-visible:outline-teal-600 [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden="true" />
        Revenue <span className="font-normal text-slate-600 text-sm">{scope}</span>
      </summary>
      {open ? (
        <div className="grid gap-6 border-slate-200 border-t p-5">
          <RevenueReportView filter={{ utmSource: source, utmCampaign: campaign }} />
          <section aria-labelledby="leads-statements" className="grid gap-3">
            <h3 id="leads-statements" className="font-semibold text-navy-900">
              Statements
            </h3>
            <StatementDownload />
          </section>
        </div>
      ) : null}
    </details>
  )
}
