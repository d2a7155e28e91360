import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Send } from 'lucide-react'
import { useEffect, useRef } from 'react'
import type { DeliveryStatus, LeadDeliveryView, ResendResult } from '../../../../core/schemas/webhooks.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { apiRequest } from '../api.ts'
import { formatDateTime } from '../format.ts'
import { useAdminMutation } from '../use-admin-mutation.ts'

const statusBadge: Record<DeliveryStatus, { tone: 'positive' | 'warning' | 'danger'; text: string }> = {
  delivered: { tone: 'positive', text: 'Delivered' },
  pending: { tone: 'warning', text: 'Waiting' },
  failed: { tone: 'danger', text: 'Failed' },
}

const toTheSecond = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'Europe/London',
})

function describeAttempt(a: LeadDeliveryView['attemptsLog'][number]) {
  return a.statusCode !== null ? `HTTP ${a.statusCode}` : (a.error ?? 'No answer')
}

/**
 * Where this lead was sent: each webhook's delivery, every attempt with the buyer's answer, and
 * Resend. Reads the lead detail the dialog already loaded (same query).
 */
export function LeadDeliveries({ leadId }: { leadId: number }) {
  const key = `/api/admin/leads/${leadId}`
  const { data } = useQuery<{ deliveries?: LeadDeliveryView[] } | null>({ queryKey: [key] })
  const client = useQueryClient()
  const later = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(later.current), [])
  const deliveries = data?.deliveries ?? []

  const resend = useAdminMutation({
    request: () => apiRequest<ResendResult>('POST', `${key}/resend`, {}),
    // The Overview's failing deliveries and the webhooks' counts change too.
    invalidate: [key, '/api/admin/webhooks'],
    success: (r) =>
      r.retried + r.created === 0
        ? { title: 'Nothing to send', description: 'There is no active webhook to send this lead to.' }
        : { title: 'Lead queued for sending', description: 'The buyer receives it in a moment.' },
    failure: () => ({ title: 'Error', description: 'Failed to resend the lead. Please try again.' }),
  })

  return (
    <section aria-labelledby={`deliveries-${leadId}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`deliveries-${leadId}`} className="font-semibold text-navy-900">
          Delivery to the buyer
        </h3>
        <Button
          variant="secondary"
          size="sm"
          disabled={resend.isPending}
          aria-busy={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              // Delivery takes a moment: look again once it has had time.
              onSuccess: () => {
                clearTimeout(later.current)
                later.current = setTimeout(() => {
                  for (const stale of [key, '/api/admin/webhooks', '/api/admin/webhooks/health'])
                    void client.invalidateQueries({ queryKey: [stale] })
                }, 2000)
              },
            })
          }
        >
          <Send className="size-4" aria-hidden="true" />
          {resend.isPending ? 'Resending...' : 'Resend'}
        </Button>
      </div>
      {deliveries.length === 0 ? (
        <p className="mt-2 text-slate-600 text-sm">This lead has not been sent to any webhook.</p>
      ) : (
        <ul className="mt-2 grid gap-3">
          {deliveries.map((d) => (
            <li key={d.id} className="rounded-lg border border-slate-200 p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-slate-900">{d.webhookName}</span>
                <Badge tone={statusBadge[d.status].tone}>{statusBadge[d.status].text}</Badge>
              </div>
              <p className="mt-1 text-slate-600">
                {d.status === 'delivered' && d.deliveredAt
                  ? `Delivered ${formatDateTime(d.deliveredAt)}`
                  : d.status === 'pending' && d.nextAttemptAt
                    ? `Next attempt ${formatDateTime(d.nextAttemptAt)}`
                    : d.lastError
                      ? `Gave up: ${d.lastError}`
                      : null}
                {` · ${d.attempts} ${d.attempts === 1 ? 'attempt' : 'attempts'}`}
              </p>
              <p className="mt-1 break-all font-mono text-slate-600 text-xs">
                Idempotency-Key {d.idempotencyKey}
              </p>
              {d.attemptsLog.length > 0 ? (
                <details className="mt-2">
                  <summary className="cursor-pointer text-teal-800 underline">Attempts</summary>
                  <ol className="mt-2 grid gap-2">
                    {d.attemptsLog.map((a) => (
                      <li
                        key={`${a.attemptedAt}-${a.durationMs}`}
                        className="border-slate-200 border-l-2 pl-2"
                      >
                        <p>
                          <time dateTime={a.attemptedAt}>{toTheSecond.format(new Date(a.attemptedAt))}</time>
                          {': '}
                          <span
                            className={a.statusCode && a.statusCode < 300 ? 'text-teal-800' : 'text-red-700'}
                          >
                            {describeAttempt(a)}
                          </span>
                          {` in ${a.durationMs} ms`}
                        </p>
                        {a.responseExcerpt ? (
                          <pre className="mt-1 whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs">
                            {a.responseExcerpt}
                          </pre>
                        ) : null}
                      </li>
                    ))}
                  </ol>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
