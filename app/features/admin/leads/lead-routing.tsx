import { useQuery } from '@tanstack/react-query'
import { Route } from 'lucide-react'
import { formatPence } from '../../../../core/money.ts'
import type { SaleStatus } from '../../../../core/schemas/buyers.ts'
import type { LeadRoutingView } from '../../../../core/schemas/routing.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { apiRequest } from '../api.ts'
import { formatDateTime } from '../format.ts'
import { serverMessage, useAdminMutation } from '../use-admin-mutation.ts'

type Tone = 'positive' | 'neutral' | 'warning' | 'danger'
export const saleStatusBadge: Record<SaleStatus, { tone: Tone; text: string }> = {
  sold: { tone: 'positive', text: 'Sold' },
  routing: { tone: 'warning', text: 'Being offered' },
  unsold: { tone: 'danger', text: 'Unsold' },
}

type Offer = LeadRoutingView['rounds'][number]['offers'][number]
const decisionBadge: Record<Offer['decision'], { tone: Tone; text: string }> = {
  queued: { tone: 'neutral', text: 'Queued' },
  pinging: { tone: 'warning', text: 'Pinged' },
  bid: { tone: 'neutral', text: 'Bid, waiting' },
  sending: { tone: 'warning', text: 'Offered now' },
  accepted: { tone: 'positive', text: 'Accepted' },
  rejected: { tone: 'danger', text: 'Rejected' },
  duplicate: { tone: 'danger', text: 'Duplicate' },
  failed: { tone: 'danger', text: 'No answer' },
  capped: { tone: 'warning', text: 'Cap reached' },
  passed: { tone: 'neutral', text: 'Passed over' },
}

function lastAnswer(offer: Offer): string | null {
  const attempt = offer.delivery?.attemptsLog.at(-1)
  if (!attempt) return null
  const answer = attempt.statusCode !== null ? `HTTP ${attempt.statusCode}` : (attempt.error ?? 'no answer')
  const tries =
    offer.delivery && offer.delivery.attempts > 1 ? ` after ${offer.delivery.attempts} attempts` : ''
  return `${answer}${tries}, ${formatDateTime(attempt.attemptedAt)}`
}

/**
 * The routing decision: each contract judged, why it was left out or where it was queued, each
 * offer and the buyer's answer; the sales; and Route again for a lead nothing took.
 */
export function LeadRouting({ leadId }: { leadId: number }) {
  const key = `/api/admin/leads/${leadId}`
  const { data } = useQuery<{ routing?: LeadRoutingView } | null>({ queryKey: [key] })
  const routing = data?.routing
  const route = useAdminMutation({
    request: () => apiRequest<{ offers: number; round: number }>('POST', `${key}/route`, {}),
    invalidate: [key, '/api/admin/leads'],
    success: (r) =>
      r.offers > 0
        ? {
            title: 'Lead offered again',
            description: 'The first contract that can take it has been offered it.',
          }
        : {
            title: 'No contract can take this lead now',
            description: 'See the reasons under the new round.',
          },
    failure: (error) => ({ title: 'Could not route the lead', description: serverMessage(error) }),
  })
  if (!routing) return null
  const status = routing.saleStatus ? saleStatusBadge[routing.saleStatus] : null
  return (
    <section aria-labelledby={`routing-${leadId}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`routing-${leadId}`} className="flex items-center gap-2 font-semibold text-navy-900">
          Sale to buyers {status ? <Badge tone={status.tone}>{status.text}</Badge> : null}
        </h3>
        <Button
          variant="secondary"
          size="sm"
          disabled={route.isPending || routing.saleStatus === 'routing'}
          aria-busy={route.isPending}
          onClick={() => route.mutate(undefined)}
        >
          <Route className="size-4" aria-hidden="true" />
          {route.isPending ? 'Routing...' : 'Route again'}
        </Button>
      </div>
      {routing.sales.length > 0 ? (
        <ul className="mt-2 grid gap-1 text-sm">
          {routing.sales.map((s) => (
            <li key={s.id}>
              {`${s.buyerName} (${s.contractName}): ${formatPence(s.pricePence)}, `}
              {s.status === 'accepted' && s.acceptedAt
                ? `accepted ${formatDateTime(s.acceptedAt)}`
                : 'being offered'}
            </li>
          ))}
        </ul>
      ) : null}
      {routing.rounds.length === 0 ? (
        <p className="mt-2 text-slate-600 text-sm">
          This lead has not been offered to any buyer (there were no contracts when it arrived).
        </p>
      ) : (
        <ol className="mt-2 grid gap-3">
          {routing.rounds.map((round) => (
            <li key={round.round} className="rounded-lg border border-slate-200 p-3">
              <h4 className="font-medium text-slate-900 text-sm">
                {`${round.round === 1 ? 'On arrival' : `Routed again (round ${round.round})`}, ${formatDateTime(round.at)}: ${round.considered} contract${round.considered === 1 ? '' : 's'} judged`}
              </h4>
              {round.offers.length === 0 ? (
                <p className="text-slate-600 text-sm">No contract could take the lead.</p>
              ) : (
                <ol className="mt-2 grid gap-2" aria-label={`Offers in round ${round.round}`}>
                  {round.offers.map((offer) => (
                    <li key={`${offer.position}-${offer.contractId}`} className="text-sm">
                      <span className="mr-2 font-medium">{`${offer.position}. ${offer.buyerName}, ${offer.contractName}`}</span>
                      <Badge tone={decisionBadge[offer.decision].tone}>
                        {decisionBadge[offer.decision].text}
                      </Badge>
                      {offer.reason ? <span className="block text-slate-700">{offer.reason}</span> : null}
                      {lastAnswer(offer) ? (
                        <span className="block text-slate-600 text-xs">
                          Buyer's answer: {lastAnswer(offer)}
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ol>
              )}
              {round.skipped.length > 0 ? (
                <details className="mt-2 text-sm">
                  <summary className="cursor-pointer text-slate-700">{`${round.skipped.length} left out`}</summary>
                  <ul className="mt-1 grid gap-1">
                    {round.skipped.map((s) => (
                      <li key={s.contractId}>
                        <span className="font-medium">{`${s.buyerName}, ${s.contractName}: `}</span>
                        {s.reason}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
