import { useQuery } from '@tanstack/react-query'
import { Download, Search } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { definitions } from '../../../../core/figures.ts'
import type { LeadStats } from '../../../../core/lead-stats.ts'
import { formatPence } from '../../../../core/money.ts'
import { NO_CAMPAIGN } from '../../../../core/revenue.ts'
import type { LeadPage, LeadQuestionnaireOption } from '../../../../core/schemas/leads.ts'
import type { CurrentAdmin } from '../../../../core/schemas/users.ts'
import { Badge, StateBadge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { StatCard } from '../../../components/ui/card.tsx'
import { Input } from '../../../components/ui/field.tsx'
import { Cell, DataTable } from '../../../components/ui/table.tsx'
import { formatDateTime } from '../format.ts'
import { LoadError } from '../load-error.tsx'
import { LeadDetailDialog } from './lead-detail.tsx'
import { FilterSelect, filterParams, LEADS_PAGE_SIZE, leadsUrl, saleOptions } from './lead-filters.tsx'
import { saleStatusBadge } from './lead-routing.tsx'
import { LeadsRevenue } from './leads-revenue.tsx'

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })
const dayLabel = (date: string) => dayFormat.format(new Date(`${date}T12:00:00Z`))

/** Where a lead came from, as recorded on it: `google / spring`; its sales are credited to it. */
function sourceText(lead: { utmSource: string | null; utmCampaign: string | null }) {
  if (!lead.utmSource && !lead.utmCampaign) return NO_CAMPAIGN
  return `${lead.utmSource ?? NO_CAMPAIGN} / ${lead.utmCampaign ?? NO_CAMPAIGN}`
}

export function LeadsPanel({ me }: { me: CurrentAdmin }) {
  const [typed, setTyped] = useState('')
  const [q, setQ] = useState('')
  const [typedSource, setTypedSource] = useState('')
  const [typedCampaign, setTypedCampaign] = useState('')
  const [source, setSource] = useState('')
  const [campaign, setCampaign] = useState('')
  const [withAttribution, setWithAttribution] = useState(false)
  const [version, setVersion] = useState('')
  const [question, setQuestion] = useState('')
  const [answer, setAnswer] = useState('')
  const [withAnswers, setWithAnswers] = useState(false)
  const [sale, setSale] = useState('')
  const versions = useQuery<LeadQuestionnaireOption[] | null>({
    queryKey: ['/api/admin/leads/questionnaires'],
  })
  const chosen = versions.data?.find((v) => String(v.id) === version)
  const chosenQuestion = chosen?.questions.find((q) => q.id === question)
  const [page, setPage] = useState(1)
  // `?tab=leads&lead=12` (the link in a new-lead email) opens that lead.
  const [params, setParams] = useSearchParams()
  const [openLead, setOpenLead] = useState<number | null>(() => Number(params.get('lead')) || null)
  const closeLead = () => {
    setOpenLead(null)
    if (params.has('lead')) {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current)
          updated.delete('lead')
          return updated
        },
        { preventScrollReset: true, replace: true },
      )
    }
  }
  const [exporting, setExporting] = useState(false)

  // Search as the operator types, once they pause: one request, not one per key.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(typed.trim())
      setSource(typedSource.trim())
      setCampaign(typedCampaign.trim())
      setPage(1)
    }, 300)
    return () => clearTimeout(timer)
  }, [typed, typedSource, typedCampaign])
  const filters = { q, source, campaign, version, question, answer, sale }
  const filtered = Boolean(q || source || campaign || version || sale)

  const list = useQuery<LeadPage | null>({
    queryKey: [leadsUrl(filters, page)],
    placeholderData: (previous) => previous,
  })
  const stats = useQuery<LeadStats | null>({ queryKey: ['/api/admin/leads/stats'] })
  const s = stats.data
  const period = s ? `${dayLabel(s.from)} to ${dayLabel(s.to)}` : 'the last 30 days'
  const items = list.data?.items ?? []
  const total = list.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / LEADS_PAGE_SIZE))
  const empty = list.isLoading
    ? 'Loading…'
    : items.length
      ? null
      : filtered
        ? 'No matching leads found'
        : 'No leads yet'

  const exportCsv = () => {
    setExporting(true)
    // A plain download: the browser streams the file to disk, the server streams it from the database.
    const link = document.createElement('a')
    const params = filterParams(filters)
    if (withAttribution) params.set('attribution', '1')
    if (withAnswers) params.set('answers', '1')
    link.href = `/api/admin/leads/export.csv${params.size ? `?${params}` : ''}`
    link.download = ''
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => setExporting(false), 1500)
  }

  return (
    <>
      <LoadError error={list.error ?? stats.error} />
      <div className="mb-4 grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard title="Total" value={s?.total ?? 0} note="All leads" />
        <StatCard title="This Month" value={s?.thisMonth ?? 0} note="Since the start of last month" />
        <StatCard
          title="Conversion Rate"
          value={`${s?.conversionRate ?? 0}%`}
          note={`${s?.leadVisitors ?? 0} of ${s?.visitors ?? 0} visitors sent a lead, ${period}`}
        />
        <StatCard
          title="Average per Day"
          value={s?.averagePerDay ?? 0}
          note={`${s?.leads ?? 0} leads over ${s?.days ?? 0} days, ${period}`}
        />
      </div>
      <dl className="mb-4 grid gap-1 text-slate-700 text-sm">
        <div>
          <dt className="inline font-semibold">Conversion Rate: </dt>
          <dd className="inline">{definitions.conversionRate}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Average per Day: </dt>
          <dd className="inline">{definitions.averagePerDay}</dd>
        </div>
      </dl>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="relative min-w-64 flex-1 sm:max-w-md">
          <label htmlFor="lead-search" className="sr-only">
            Search leads
          </label>
          <Search className="absolute top-3 left-3 size-4 text-slate-500" aria-hidden="true" />
          <Input
            id="lead-search"
            type="search"
            className="pl-9"
            placeholder="Search by name or car details"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor="lead-source" className="font-medium text-slate-700 text-xs">
            Source (utm_source)
          </label>
          <Input
            id="lead-source"
            className="w-40"
            value={typedSource}
            onChange={(e) => setTypedSource(e.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor="lead-campaign" className="font-medium text-slate-700 text-xs">
            Campaign (utm_campaign)
          </label>
          <Input
            id="lead-campaign"
            className="w-40"
            value={typedCampaign}
            onChange={(e) => setTypedCampaign(e.target.value)}
          />
        </div>
        <FilterSelect
          id="lead-sale"
          label="Sale to buyers"
          value={sale}
          anyLabel="Any"
          options={saleOptions}
          onChange={(value) => {
            setSale(value)
            setPage(1)
          }}
        />
        <FilterSelect
          id="lead-questionnaire"
          label="Questionnaire"
          value={version}
          anyLabel="All versions"
          options={(versions.data ?? []).map((v) => ({
            value: String(v.id),
            label: `Version ${v.version}: ${v.name}${v.status === 'live' ? ' (live)' : ''}`,
          }))}
          onChange={(value) => {
            setVersion(value)
            setQuestion('')
            setAnswer('')
            setPage(1)
          }}
        />
        {chosen ? (
          <FilterSelect
            id="lead-question"
            label="Question"
            value={question}
            anyLabel="Any answers"
            options={chosen.questions.map((q) => ({ value: q.id, label: q.title }))}
            onChange={(value) => {
              setQuestion(value)
              setAnswer('')
              setPage(1)
            }}
          />
        ) : null}
        {chosenQuestion ? (
          <FilterSelect
            id="lead-answer"
            label="Answer"
            value={answer}
            anyLabel="Any answer"
            options={chosenQuestion.options}
            onChange={(value) => {
              setAnswer(value)
              setPage(1)
            }}
          />
        ) : null}
        <div className="flex items-center gap-3">
          <label className="flex items-center gap-2 text-slate-700 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-teal-700"
              checked={withAnswers}
              onChange={(e) => setWithAnswers(e.target.checked)}
            />
            With answers
          </label>
          <label className="flex items-center gap-2 text-slate-700 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-teal-700"
              checked={withAttribution}
              onChange={(e) => setWithAttribution(e.target.checked)}
            />
            With attribution
          </label>
          <Button onClick={exportCsv} disabled={exporting} aria-busy={exporting}>
            <Download className="size-4" aria-hidden="true" />
            {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        </div>
      </div>
      {me.permissions.includes('buyers') ? <LeadsRevenue source={source} campaign={campaign} /> : null}
      <DataTable
        caption="Leads"
        head={['Name', 'Car Details', 'Consent', 'Date', 'Duplicates', 'Sale', 'Buyer', 'Price', 'Source']}
        empty={empty}
      >
        {items.map((l) => (
          <tr key={l.id} className="hover:bg-slate-50">
            <Cell className="font-medium text-slate-900">
              <button
                type="button"
                className="text-left text-teal-800 underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-teal-600"
                onClick={() => setOpenLead(l.id)}
              >
                {l.firstName} {l.lastName}
              </button>
            </Cell>
            <Cell>{l.carDetails}</Cell>
            <Cell>
              <StateBadge on={l.hasConsent} yes="Yes" no="No" />
            </Cell>
            <Cell>{formatDateTime(l.createdAt)}</Cell>
            <Cell>
              {l.duplicateCount
                ? `${l.duplicateCount} later submission${l.duplicateCount === 1 ? '' : 's'}`
                : '—'}
            </Cell>
            <Cell>
              {l.saleStatus ? (
                <Badge tone={saleStatusBadge[l.saleStatus].tone}>{saleStatusBadge[l.saleStatus].text}</Badge>
              ) : (
                '—'
              )}
            </Cell>
            <Cell>{l.buyers.length ? l.buyers.join(', ') : '—'}</Cell>
            <Cell className="whitespace-nowrap tabular-nums">
              {l.pricePence === null ? (
                '—'
              ) : (
                <>
                  {formatPence(l.pricePence)}
                  {l.netPence !== null && l.netPence < l.pricePence ? (
                    <span className="block text-slate-600 text-xs">
                      {formatPence(l.netPence)} after returns
                    </span>
                  ) : null}
                </>
              )}
            </Cell>
            <Cell>{sourceText(l)}</Cell>
          </tr>
        ))}
      </DataTable>
      <nav
        aria-label="Leads pages"
        className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm"
      >
        <p className="text-slate-700" role="status">
          {total === 0
            ? 'No leads to show'
            : `Showing ${(page - 1) * LEADS_PAGE_SIZE + 1}–${Math.min(page * LEADS_PAGE_SIZE, total)} of ${total}`}
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="self-center text-slate-700">
            Page {page} of {pages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </div>
      </nav>
      <LeadDetailDialog leadId={openLead} onClose={closeLead} />
    </>
  )
}
