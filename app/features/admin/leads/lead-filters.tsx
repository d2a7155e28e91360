export const LEADS_PAGE_SIZE = 25

/** The leads panel's filters, as the list's address and the CSV export take them. */
export type Filters = {
  q: string
  source: string
  campaign: string
  version: string
  question: string
  answer: string
  sale: string
}

export function filterParams({ q, source, campaign, version, question, answer, sale }: Filters) {
  const params = new URLSearchParams()
  if (q) params.set('q', q)
  if (sale) params.set('sale', sale)
  if (source) params.set('source', source)
  if (campaign) params.set('campaign', campaign)
  if (version) params.set('questionnaireVersion', version)
  if (version && question && answer) params.set('answer', `${question}:${answer}`)
  return params
}

export const saleOptions = [
  { value: 'sold', label: 'Sold' },
  { value: 'unsold', label: 'Unsold' },
  { value: 'routing', label: 'Being offered' },
  { value: 'not_offered', label: 'Not offered' },
] as const

// Long version names must not widen the panel past a phone's width.
const selectClass =
  'min-h-11 w-full min-w-0 max-w-full truncate rounded-lg border border-slate-300 bg-white px-3 text-sm focus-visible:outline-3 focus-visible:outline-teal-600 sm:w-auto sm:max-w-72'

/** One of the questionnaire filters: a labelled select whose first choice means "no filter". */
export function FilterSelect(props: {
  id: string
  label: string
  value: string
  anyLabel: string
  options: readonly { value: string; label: string }[]
  onChange: (value: string) => void
}) {
  return (
    <div className="grid min-w-0 max-w-full gap-1">
      <label htmlFor={props.id} className="font-medium text-slate-700 text-xs">
        {props.label}
      </label>
      <select
        id={props.id}
        className={selectClass}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <option value="">{props.anyLabel}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

export function leadsUrl(filters: Filters, page: number) {
  const params = filterParams(filters)
  params.set('page', String(page))
  params.set('pageSize', String(LEADS_PAGE_SIZE))
  return `/api/leads?${params}`
}
