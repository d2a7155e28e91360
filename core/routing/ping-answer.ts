/**
 * A buyer's answer to a ping (docs/decisions/0050-ping-post.md): a 2xx JSON body
 * `{"accepted": true, "pricePence": 3100}` accepts and bids; `pricePence` left out bids the
 * contract's price. Anything else decides nothing worth posting for: `accepted` not true, a bid
 * that is not a whole number of pence or is below the contract's price, a 4xx. No answer, 408, 429
 * and 5xx are tried again, as offers are.
 */
export type PingAnswer =
  | { kind: 'accepted'; bidPence: number }
  | { kind: 'rejected'; reason: string }
  | { kind: 'retry'; reason: string }

const money = (pence: number) => `£${(pence / 100).toFixed(2)}`

export function readPingAnswer(
  statusCode: number | null,
  body: string | null,
  pricePence: number,
): PingAnswer {
  if (statusCode === null)
    return { kind: 'retry', reason: 'No answer to the ping (network error or timeout)' }
  if (statusCode === 408 || statusCode === 429 || (statusCode >= 500 && statusCode <= 599)) {
    return { kind: 'retry', reason: `Ping answered HTTP ${statusCode}` }
  }
  if (statusCode < 200 || statusCode > 299)
    return { kind: 'rejected', reason: `Ping answered HTTP ${statusCode}` }
  let parsed: unknown
  try {
    parsed = JSON.parse(body ?? '')
  } catch {
    return { kind: 'rejected', reason: 'The ping answer was not JSON' }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { kind: 'rejected', reason: 'The ping answer was not a JSON object' }
  }
  const answer = parsed as Record<string, unknown>
  if (answer.accepted !== true) return { kind: 'rejected', reason: 'Ping declined' }
  const bid = answer.pricePence
  if (bid === undefined || bid === null) return { kind: 'accepted', bidPence: pricePence }
  if (typeof bid !== 'number' || !Number.isSafeInteger(bid)) {
    return { kind: 'rejected', reason: 'The bid (pricePence) was not a whole number of pence' }
  }
  if (bid < pricePence) {
    return { kind: 'rejected', reason: `Bid ${money(bid)} is below the price of ${money(pricePence)}` }
  }
  return { kind: 'accepted', bidPence: bid }
}
