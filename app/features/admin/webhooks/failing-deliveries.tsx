import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { WebhookHealth } from '../../../../core/schemas/webhooks.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { timeAgo } from '../format.ts'
import { LeadDetailDialog } from '../leads/lead-detail.tsx'
import { LoadError } from '../load-error.tsx'

export const WEBHOOK_HEALTH = '/api/admin/webhooks/health'

/** The Overview's view of delivery: leads the buyer has not accepted, each one click from Resend. */
export function FailingDeliveries({ onManage }: { onManage: () => void }) {
  const { data, error } = useQuery<WebhookHealth | null>({ queryKey: [WEBHOOK_HEALTH] })
  const [leadId, setLeadId] = useState<number | null>(null)
  const failing = (data?.failed ?? 0) + (data?.retrying ?? 0)
  return (
    <Card
      title="Failing deliveries"
      description="Leads the buyer's webhooks have not accepted yet"
      actions={
        <Button variant="secondary" size="sm" onClick={onManage}>
          Manage webhooks
        </Button>
      }
    >
      <LoadError error={error} />
      {data ? (
        <div className="grid gap-3">
          {data.activeWebhooks === 0 ? (
            <Alert tone="warning">No active webhook: new leads are not sent to a buyer.</Alert>
          ) : null}
          <dl className="flex flex-wrap gap-6 text-sm">
            <div>
              <dt className="text-slate-600">Failed</dt>
              <dd className="font-bold text-2xl text-navy-900">{data.failed}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Retrying</dt>
              <dd className="font-bold text-2xl text-navy-900">{data.retrying}</dd>
            </div>
          </dl>
          {failing === 0 ? (
            <p className="text-slate-600 text-sm">Every lead has been delivered or is on its way.</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Most recent failing deliveries">
              {data.recent.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm">
                  <div>
                    <p className="font-medium text-slate-900">
                      Lead {d.leadId} to {d.webhookName}{' '}
                      <Badge tone={d.status === 'failed' ? 'danger' : 'warning'}>
                        {d.status === 'failed' ? 'Failed' : 'Retrying'}
                      </Badge>
                    </p>
                    <p className="text-slate-600">
                      {d.lastError ?? 'No answer'} · {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}{' '}
                      · <time dateTime={d.updatedAt}>{timeAgo(d.updatedAt)}</time>
                    </p>
                  </div>
                  <Button variant="secondary" size="sm" onClick={() => setLeadId(d.leadId)}>
                    Open lead {d.leadId}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
      <LeadDetailDialog leadId={leadId} onClose={() => setLeadId(null)} />
    </Card>
  )
}
