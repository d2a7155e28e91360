import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import {
  type ConversionStatus,
  conversionEvents,
  conversionPlatforms,
  conversionStatuses,
  platformLabels,
} from '../../../../core/conversions.ts'
import type { ConversionEventView } from '../../../../core/schemas/conversions.ts'
import type { CurrentAdmin } from '../../../../core/schemas/users.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { Field, Select } from '../../../components/ui/field.tsx'
import { Cell, DataTable } from '../../../components/ui/table.tsx'
import { formatDateTime } from '../format.ts'
import { LoadError } from '../load-error.tsx'

export const CONVERSION_EVENTS = '/api/admin/conversions/events'

type EventList = { events: ConversionEventView[]; counts: Record<ConversionStatus, number> }

const statusTone = {
  sent: 'positive',
  pending: 'warning',
  rejected: 'danger',
  failed: 'danger',
  skipped: 'neutral',
} as const

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })

function EventRows({ events, showLead }: { events: ConversionEventView[]; showLead: boolean }) {
  return events.map((e) => (
    <tr key={e.id}>
      {showLead ? <Cell className="font-mono text-xs">{e.leadReference ?? `#${e.leadId}`}</Cell> : null}
      <Cell>{e.destinationName}</Cell>
      <Cell>{e.event}</Cell>
      <Cell>
        <Badge tone={statusTone[e.status]}>{e.status}</Badge>
      </Cell>
      <Cell className="max-w-xs break-words text-xs">
        {e.reason ?? ''}
        {e.answer ? (
          <details>
            <summary className="cursor-pointer text-teal-800 underline">Platform’s answer</summary>
            <span className="break-all font-mono">{e.answer}</span>
          </details>
        ) : null}
      </Cell>
      <Cell>{e.valuePence === null ? '—' : gbp.format(e.valuePence / 100)}</Cell>
      <Cell className="whitespace-nowrap text-xs">{formatDateTime(e.eventTime)}</Cell>
    </tr>
  ))
}

const head = (showLead: boolean) => [
  ...(showLead ? ['Lead'] : []),
  'Destination',
  'Event',
  'Status',
  'Reason or answer',
  'Value',
  'Time',
]

/** The events list of the Conversions tab: filters, each platform's answer, a CSV of the same. */
export function ConversionEventsList() {
  const [status, setStatus] = useState('')
  const [platform, setPlatform] = useState('')
  const [event, setEvent] = useState('')
  const query = new URLSearchParams(
    Object.entries({ status, platform, event }).filter(([, v]) => v !== ''),
  ).toString()
  const url = query ? `${CONVERSION_EVENTS}?${query}` : CONVERSION_EVENTS
  const { data, error, isLoading } = useQuery<EventList>({ queryKey: [url] })
  const events = data?.events ?? []
  const filter = (
    label: string,
    value: string,
    set: (v: string) => void,
    options: readonly string[],
    names: (v: string) => string = (v) => v,
  ) => (
    <Field label={label}>
      {(control) => (
        <Select {...control} value={value} onChange={(e) => set(e.target.value)}>
          <option value="">All</option>
          {options.map((o) => (
            <option key={o} value={o}>
              {names(o)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  )
  return (
    <section aria-labelledby="conversion-events" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id="conversion-events" className="font-semibold text-lg text-navy-900">
            Events
          </h3>
          {data ? (
            <p className="text-slate-700 text-sm">
              {conversionStatuses.map((s) => `${data.counts[s]} ${s}`).join(' · ')}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={`${CONVERSION_EVENTS}.csv${query ? `?${query}` : ''}`}
            className={buttonClasses('secondary', 'sm')}
            download
          >
            Download CSV
          </a>
          <a
            href="/api/admin/conversions/google-import.csv"
            className={buttonClasses('secondary', 'sm')}
            download
          >
            Google offline import CSV
          </a>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        {filter('Status', status, setStatus, conversionStatuses)}
        {filter('Platform', platform, setPlatform, conversionPlatforms, (p) => platformLabels[p as 'google'])}
        {filter('Event', event, setEvent, conversionEvents)}
      </div>
      <LoadError error={error} />
      <DataTable
        caption="Conversion events"
        head={head(true)}
        empty={isLoading ? 'Loading events…' : events.length === 0 ? 'No events match' : null}
      >
        <EventRows events={events} showLead />
      </DataTable>
    </section>
  )
}

/** A lead's conversion events in its detail: what each platform was told, or why not. */
export function LeadConversions({ leadId }: { leadId: number }) {
  const { data: me } = useQuery<CurrentAdmin | null>({ queryKey: ['/api/auth/user'] })
  const allowed = me?.permissions.includes('conversions') ?? false
  const { data, error } = useQuery<EventList>({
    queryKey: [`${CONVERSION_EVENTS}?leadId=${leadId}`],
    enabled: allowed,
  })
  if (!allowed) return null
  const events = data?.events ?? []
  return (
    <section aria-labelledby={`lead-conversions-${leadId}`} className="grid gap-2">
      <h3 id={`lead-conversions-${leadId}`} className="font-semibold text-navy-900">
        Conversions
      </h3>
      <LoadError error={error} />
      {data && events.length === 0 ? (
        <p className="text-slate-600 text-sm">No ad platform has been told of this lead.</p>
      ) : (
        <DataTable
          caption="Conversion events of this lead"
          head={head(false)}
          empty={data ? null : 'Loading…'}
        >
          <EventRows events={events} showLead={false} />
        </DataTable>
      )}
    </section>
  )
}
