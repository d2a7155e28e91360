/** How to read a buyer's answer body: where the verdict is, which values mean accepted, where the reason is. */
export type AnswerReading = {
  acceptPath?: string | null
  acceptValues?: string[] | null
  reasonPath?: string | null
}

export type AnswerKind = 'accepted' | 'rejected' | 'duplicate' | 'retry'
export type BuyerAnswer = { kind: AnswerKind; reason: string | null }

export const defaultAcceptValues = ['accepted', 'accept', 'ok', 'success', 'true', '1', 'sold']
const duplicateValues = ['duplicate', 'dupe']
const REASON_LIMIT = 200

/**
 * The value at a dot path (`result.status`, `data.0.accepted`, `$.data[0].accepted`), or undefined
 * when any step is missing. Only own properties are followed.
 */
export function readPath(value: unknown, path: string): unknown {
  const steps = path
    .trim()
    .replace(/^\$\.?/, '')
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((step) => step !== '')
  let current = value
  for (const step of steps) {
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(step)) return undefined
      current = current[Number(step)]
    } else if (typeof current === 'object' && current !== null && Object.hasOwn(current, step)) {
      current = (current as Record<string, unknown>)[step]
    } else {
      return undefined
    }
  }
  return current
}

/** Text shown to the operator: no control characters, at most 200 characters. */
function clean(text: string): string | null {
  const stripped = text
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return stripped === '' ? null : Array.from(stripped).slice(0, REASON_LIMIT).join('')
}

/** A scalar as text ('true' for boolean true), or null for anything else. */
function scalarText(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return null
}

function parseJson(body: string | null): { ok: true; value: unknown } | { ok: false } {
  if (body === null || body.trim() === '') return { ok: false }
  try {
    return { ok: true, value: JSON.parse(body) }
  } catch {
    return { ok: false }
  }
}

/** The buyer's reason: at reasonPath when set, else a `reason`, `message` or `error` field. */
function reasonFrom(parsed: unknown, reading: AnswerReading, fields: string[]): string | null {
  const candidates = reading.reasonPath ? [readPath(parsed, reading.reasonPath)] : []
  for (const field of fields) {
    const value = readPath(parsed, field)
    // `{"error": {"message": "…"}}` is common enough to look one level in.
    candidates.push(typeof value === 'object' && value !== null ? readPath(value, 'message') : value)
  }
  for (const candidate of candidates) {
    const text = scalarText(candidate)
    const cleaned = text === null ? null : clean(text)
    if (cleaned) return cleaned
  }
  return null
}

const refusalWords = ['rejected', 'reject', 'declined', 'refused', 'denied', 'failed', 'error']

/**
 * A 2xx whose body plainly says no (`{"accepted": false}`, `{"status": "rejected"}`, `{"success":
 * false}`, or a duplicate) is not a sale, even on a contract without an accept path: a buyer
 * that answers every post with 200 and puts its decision in the body would otherwise be charged
 * for leads it refused.
 */
function plainRefusal(parsed: ReturnType<typeof parseJson>, reading: AnswerReading): BuyerAnswer | null {
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) return null
  const body = parsed.value as Record<string, unknown>
  const reason = () => reasonFrom(body, reading, ['reason', 'message', 'error'])
  for (const field of ['accepted', 'success', 'ok']) {
    if (body[field] === false) return { kind: 'rejected', reason: reason() ?? `Answered ${field}: false` }
  }
  for (const field of ['status', 'result', 'outcome', 'decision']) {
    const text = scalarText(body[field])?.trim().toLowerCase()
    if (!text) continue
    if (duplicateValues.includes(text)) return { kind: 'duplicate', reason: reason() }
    if (refusalWords.includes(text)) return { kind: 'rejected', reason: reason() ?? `Answered ${text}` }
  }
  return null
}

/**
 * What a buyer's answer to a delivery means. No status (network error, timeout), 408, 429 and 5xx
 * are worth retrying; 409 is a duplicate; other 4xx are rejections. A 2xx is an acceptance unless
 * an accept path is set, in which case the value there decides.
 */
export function classifyAnswer(
  reading: AnswerReading,
  statusCode: number | null,
  body: string | null,
): BuyerAnswer {
  if (statusCode === null) return { kind: 'retry', reason: 'No answer (network error or timeout)' }
  if (statusCode === 408 || statusCode === 429 || (statusCode >= 500 && statusCode <= 599)) {
    return { kind: 'retry', reason: `HTTP ${statusCode}` }
  }
  const parsed = parseJson(body)
  const bodyReason = (fields: string[]) => (parsed.ok ? reasonFrom(parsed.value, reading, fields) : null)
  if (statusCode === 409)
    return { kind: 'duplicate', reason: bodyReason(['reason', 'message', 'error']) ?? 'HTTP 409' }
  if (statusCode < 200 || statusCode > 299) {
    return { kind: 'rejected', reason: bodyReason(['reason', 'message', 'error']) ?? `HTTP ${statusCode}` }
  }
  if (!reading.acceptPath) return plainRefusal(parsed, reading) ?? { kind: 'accepted', reason: null }
  if (!parsed.ok) return { kind: 'rejected', reason: 'The answer was not JSON' }

  const value = readPath(parsed.value, reading.acceptPath)
  const text = scalarText(value)?.trim().toLowerCase() ?? null
  const accepted = reading.acceptValues?.length ? reading.acceptValues : defaultAcceptValues
  if (text !== null && accepted.some((candidate) => candidate.trim().toLowerCase() === text)) {
    return { kind: 'accepted', reason: null }
  }
  if (text !== null && duplicateValues.includes(text)) {
    return { kind: 'duplicate', reason: bodyReason(['reason', 'message']) }
  }
  const shown = value === undefined ? 'nothing' : (scalarText(value) ?? JSON.stringify(value))
  return { kind: 'rejected', reason: bodyReason(['reason', 'message']) ?? clean(`Answered ${shown}`) }
}
