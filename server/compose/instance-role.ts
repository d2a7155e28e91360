import { type AppServices, listen, notify } from '../platform/index.ts'

/** The channel a web-only instance wakes the delivery workers on (docs/decisions/0086-offers-under-a-spike.md). */
export const DELIVERIES_CHANNEL = 'claim_checker_deliveries'

/**
 * Starts what this instance's role runs besides serving requests (INSTANCE_ROLE): `all` and `worker`
 * deliver leads to buyers and webhooks, `web` only serves. On PostgreSQL a web-only instance tells
 * the workers at once when a lead it took has deliveries waiting; without that they would find it
 * at their next poll (WEBHOOK_POLL_SECONDS).
 */
export function startInstanceRole(services: AppServices): { stop: () => Promise<void> } {
  const { config, events, logger } = services
  const role = config.instanceRole
  if (role !== 'web') services.webhooks.start()
  if (config.database.dialect !== 'postgres') return { stop: async () => {} }
  if (role !== 'web') {
    return listen(config.database.url, DELIVERIES_CHANNEL, () => services.webhooks.wake(), logger)
  }
  // One notification for a burst of leads, after their commit.
  let soon = false
  const onLead = ({ deliveries }: { deliveries: number }) => {
    if (deliveries <= 0 || soon) return
    soon = true
    setImmediate(() => {
      soon = false
      notify(services.db, DELIVERIES_CHANNEL).catch((err: unknown) =>
        logger.warn({ err }, 'delivery workers could not be woken: they poll'),
      )
    })
  }
  events.on('lead.created', onLead)
  events.on('lead.submitted', onLead)
  return {
    stop: async () => {
      events.off('lead.created', onLead)
      events.off('lead.submitted', onLead)
    },
  }
}
