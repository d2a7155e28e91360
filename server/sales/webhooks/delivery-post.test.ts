import { describe, expect, it } from 'vitest'
import { answerSettlement, type PostOutcome } from './delivery-post.server.ts'

const delays = { offers: [5000], webhooks: [60_000, 300_000] }
const answered = (statusCode: number | null, body: string | null = null): PostOutcome => ({
  ok: statusCode !== null && statusCode >= 200 && statusCode < 300,
  interrupted: false,
  statusCode,
  responseExcerpt: body,
  error: statusCode === null ? 'timeout' : null,
})
const contract = { reading: { acceptPath: 'status' }, pricePence: 2500 }
const offer = (attempts: number) => ({ kind: 'post' as const, contractId: 3, attempts })

describe('answerSettlement: what a post comes to', () => {
  it('reads a contract buyer’s answer by the contract’s rules', () => {
    expect(answerSettlement(offer(1), contract, answered(200, '{"status":"sold"}'), delays)).toEqual({
      settlement: { kind: 'delivered' },
      end: { outcome: 'accepted', reason: null },
    })
    // A 2xx whose verdict says no is a refusal, not a delivery.
    expect(
      answerSettlement(offer(1), contract, answered(200, '{"status":"declined"}'), delays),
    ).toMatchObject({
      settlement: { kind: 'failed' },
      end: { outcome: 'rejected' },
    })
    expect(answerSettlement(offer(1), contract, answered(409), delays)).toMatchObject({
      end: { outcome: 'duplicate' },
    })
  })

  it('tries an offer again on the offers’ delays, then fails it with the reason', () => {
    expect(answerSettlement(offer(1), contract, answered(503), delays)).toEqual({
      settlement: { kind: 'retry', afterMs: 5000 },
    })
    expect(answerSettlement(offer(2), contract, answered(null), delays)).toEqual({
      settlement: { kind: 'failed' },
      end: { outcome: 'failed', reason: 'timeout' },
    })
  })

  it('keeps the operator’s own webhooks on the webhooks’ delays, with no offer to end', () => {
    const hook = { kind: 'post' as const, contractId: null, attempts: 2 }
    expect(answerSettlement(hook, { reading: null, pricePence: null }, answered(500), delays)).toEqual({
      settlement: { kind: 'retry', afterMs: 300_000 },
    })
    expect(answerSettlement(hook, { reading: null, pricePence: null }, answered(204), delays)).toEqual({
      settlement: { kind: 'delivered' },
    })
  })

  it('reads a ping’s bid, and hands back a post cut short by our own shutdown', () => {
    const ping = { kind: 'ping' as const, contractId: 3, attempts: 1 }
    expect(
      answerSettlement(ping, contract, answered(200, '{"accepted":true,"pricePence":3100}'), delays),
    ).toEqual({
      settlement: { kind: 'delivered' },
      end: { outcome: 'accepted', reason: null, bidPence: 3100 },
    })
    expect(answerSettlement(ping, contract, answered(200, '{"accepted":false}'), delays)).toMatchObject({
      settlement: { kind: 'failed' },
      end: { outcome: 'rejected' },
    })
    expect(answerSettlement(offer(1), contract, { ...answered(null), interrupted: true }, delays)).toEqual({
      settlement: { kind: 'released' },
    })
  })
})
