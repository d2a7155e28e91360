import { describe, expect, it } from 'vitest'
import type { QueuedContract } from '../../platform/index.ts'
import { type AdvanceState, planAdvance } from './advance.server.ts'
import type { RoutableContract } from './contracts.server.ts'

const at = new Date('2026-11-28T12:00:00Z')

function contract(id: number, over: Partial<RoutableContract> = {}): RoutableContract {
  return {
    id,
    buyerId: id,
    buyerName: `Buyer ${id}`,
    buyerTradingName: null,
    buyerFcaNumber: `FRN${id}`,
    buyerActive: true,
    webhookId: 100 + id,
    name: `Contract ${id}`,
    pricePence: 1000 * id,
    exclusive: false,
    maxBuyers: 3,
    filters: {},
    schedule: null,
    caps: {},
    priority: 1,
    weight: 1,
    pingUrl: null,
    isActive: true,
    returnWindowDays: 14,
    autoApproveReturns: false,
    ...over,
  }
}

const queued = (...ids: number[]): QueuedContract[] =>
  ids.map((id, i) => ({
    contractId: id,
    contractName: `Contract ${id}`,
    buyerName: `Buyer ${id}`,
    position: i + 2,
  }))

function state(over: Partial<AdvanceState> = {}): AdvanceState {
  return {
    leadId: 7,
    routing: { id: 70, round: 1, queue: [] },
    sales: [],
    // The visitor named every buyer of these tests.
    consentFirms: [1, 2, 3].map((id) => ({
      id,
      name: `Buyer ${id}`,
      legalName: `Buyer ${id}`,
      tradingName: null,
      fcaNumber: `FRN${id}`,
    })),
    bids: [],
    delivered: new Map(),
    ...over,
  }
}

const byId = (...list: RoutableContract[]) => new Map(list.map((c) => [c.id, c]))

describe('planAdvance: the next offer for a lead', () => {
  it('walks past contracts that cannot join a shared sale and offers the next that can', () => {
    const contracts = byId(contract(1, { exclusive: true }), contract(2, { exclusive: true }), contract(3))
    const plan = planAdvance(
      state({
        routing: { id: 70, round: 1, queue: queued(1, 2, 3) },
        sales: [{ exclusive: false, maxBuyers: 3 }],
      }),
      contracts,
      at,
    )
    expect(plan.routes.map((r) => [r.contractId, r.decision, r.reason])).toEqual([
      [1, 'passed', 'Exclusive, and the lead is sold shared'],
      [2, 'passed', 'Exclusive, and the lead is sold shared'],
      [3, 'sending', null],
    ])
    expect(plan.deliveries).toEqual([{ leadId: 7, webhookId: 103, contractId: 3, kind: 'post' }])
    expect(plan).toMatchObject({ offered: 1, saleStatus: 'routing', queue: { routingId: 70, queue: [] } })
  })

  it('never posts twice to a contract, and says so', () => {
    const plan = planAdvance(
      state({
        routing: { id: 70, round: 1, queue: queued(1, 2) },
        delivered: new Map([[1, { posted: true }]]),
      }),
      byId(contract(1), contract(2)),
      at,
    )
    expect(plan.routes.map((r) => [r.contractId, r.decision, r.reason])).toEqual([
      [1, 'passed', 'Offered before'],
      [2, 'sending', null],
    ])
  })

  it('pings a group of equal priority at once and lets its unpinged contracts bid their price', () => {
    const contracts = byId(
      contract(1, { pingUrl: 'https://buyer.example/ping' }),
      contract(2),
      contract(3, { priority: 2 }),
    )
    const plan = planAdvance(state({ routing: { id: 70, round: 1, queue: queued(1, 2, 3) } }), contracts, at)
    expect(plan.routes.map((r) => [r.contractId, r.decision, r.bidPence])).toEqual([
      [1, 'pinging', null],
      [2, 'bid', 2000],
    ])
    expect(plan.deliveries).toEqual([{ leadId: 7, webhookId: 101, contractId: 1, kind: 'ping' }])
    expect(plan.queue?.queue.map((q) => q.contractId)).toEqual([3])
  })

  it('offers a bid at once when no ping of its group could go out', () => {
    const contracts = byId(
      contract(1, { pingUrl: 'https://buyer.example/ping', isActive: false }),
      contract(2),
    )
    const plan = planAdvance(state({ routing: { id: 70, round: 1, queue: queued(1, 2) } }), contracts, at)
    expect(plan.routes.map((r) => [r.contractId, r.decision, r.reason])).toEqual([
      [1, 'passed', 'The contract was paused'],
      [2, 'sending', 'Not pinged: bids its price, £20.00'],
    ])
    expect(plan.deliveries).toEqual([{ leadId: 7, webhookId: 102, contractId: 2, kind: 'post' }])
  })

  it('offers waiting bids highest first, passing one that may no longer take the lead', () => {
    const plan = planAdvance(
      state({
        bids: [
          { id: 11, contractId: 1, bidPence: 5000, position: 2 },
          { id: 12, contractId: 2, bidPence: 3000, position: 3 },
        ],
        delivered: new Map([[1, { posted: true }]]),
      }),
      byId(contract(1), contract(2)),
      at,
    )
    expect(plan.bidUpdates).toEqual([
      { id: 11, decision: 'passed', reason: 'Offered before' },
      { id: 12, decision: 'sending' },
    ])
    expect(plan.deliveries.map((d) => d.contractId)).toEqual([2])
  })

  it('offers nothing more once sold exclusively, and passes the bids left', () => {
    const plan = planAdvance(
      state({
        routing: { id: 70, round: 1, queue: queued(2) },
        sales: [{ exclusive: true, maxBuyers: 1 }],
        bids: [{ id: 11, contractId: 1, bidPence: 5000, position: 2 }],
      }),
      byId(contract(1), contract(2)),
      at,
    )
    expect(plan).toMatchObject({
      offered: 0,
      saleStatus: 'sold',
      routes: [],
      deliveries: [],
      queue: undefined,
    })
    expect(plan.bidUpdates).toEqual([
      { id: 11, decision: 'passed', reason: 'Not offered: the lead was sold' },
    ])
  })

  it('passes a buyer the visitor did not name', () => {
    const plan = planAdvance(
      state({ routing: { id: 70, round: 1, queue: queued(4, 1) } }),
      byId(contract(4), contract(1)),
      at,
    )
    expect(plan.routes.map((r) => [r.contractId, r.decision, r.reason])).toEqual([
      [4, 'passed', 'Buyer 4 was not named in the consent this visitor gave'],
      [1, 'sending', null],
    ])
  })

  it('leaves a lead with nobody left unsold', () => {
    const plan = planAdvance(
      state({ routing: { id: 70, round: 1, queue: queued(1) } }),
      byId(contract(1, { buyerActive: false })),
      at,
    )
    expect(plan.routes.map((r) => r.reason)).toEqual(['Buyer 1 is no longer active'])
    expect(plan).toMatchObject({ offered: 0, saleStatus: 'unsold' })
  })
})
