import { createHmac } from 'node:crypto'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { normaliseUkPhone } from '../../../core/phone.ts'
import type { DB } from '../../platform/index.ts'

/**
 * The erasure ledger (docs/decisions/0022-erasure-on-disk.md): for every erased person, keyed
 * hashes (HMAC-SHA256) of their normalised emails and E.164 phones with the time of the erasure,
 * so that `npm run db:restore` can erase them again from an older backup. The key comes from the
 * environment (config `erasureKey`) and never from the database: without it, a digest cannot be
 * matched to a phone number by trying them all.
 */

export type LedgerKind = 'email' | 'phone'
export type LedgerEntry = { kind: LedgerKind; digest: string; erasedAt: Date }

/** What a lead says about who sent it; the normalised columns may be empty on very old leads. */
export type LeadIdentity = {
  email: string
  emailNormalized: string | null
  phone: string
  phoneE164: string | null
  createdAt: Date
}

/** An email trimmed and lower-cased, a phone as E.164 (UK numbers in any written form), else null. */
export function normaliseForLedger(kind: LedgerKind, value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? ''
  if (!trimmed) return null
  if (kind === 'email') return trimmed.toLowerCase()
  const uk = normaliseUkPhone(trimmed)
  if (uk) return uk.e164
  const compact = trimmed.replace(/[\s\-.()]/g, '')
  return /^\+\d{7,15}$/.test(compact) ? compact : null
}

export function ledgerDigest(key: Buffer, kind: LedgerKind, value: string | null | undefined): string | null {
  const normalised = normaliseForLedger(kind, value)
  return normalised === null ? null : createHmac('sha256', key).update(`${kind}:${normalised}`).digest('hex')
}

/** The ledger entries for everything erased: each distinct email and phone once. */
export function ledgerEntriesFor(
  key: Buffer,
  erased: { emails: Iterable<string | null>; phones: Iterable<string | null> },
  erasedAt: Date,
): LedgerEntry[] {
  const entries = new Map<string, LedgerEntry>()
  const add = (kind: LedgerKind, values: Iterable<string | null>) => {
    for (const value of values) {
      const digest = ledgerDigest(key, kind, value)
      if (digest) entries.set(`${kind}:${digest}`, { kind, digest, erasedAt })
    }
  }
  add('email', erased.emails)
  add('phone', erased.phones)
  return [...entries.values()]
}

/**
 * Whether a lead belongs to an erased person and existed when they were erased: a lead taken
 * later is the person coming back, and stays.
 */
export function ledgerMatcher(key: Buffer, entries: LedgerEntry[]): (lead: LeadIdentity) => boolean {
  const latest = new Map<string, number>()
  for (const { kind, digest, erasedAt } of entries) {
    const id = `${kind}:${digest}`
    latest.set(id, Math.max(latest.get(id) ?? 0, erasedAt.getTime()))
  }
  const erasedAt = (kind: LedgerKind, value: string | null) => {
    const digest = ledgerDigest(key, kind, value)
    return digest ? (latest.get(`${kind}:${digest}`) ?? 0) : 0
  }
  return (lead) => {
    const created = lead.createdAt.getTime()
    return (
      created < erasedAt('email', lead.emailNormalized ?? lead.email) ||
      created < erasedAt('phone', lead.phoneE164 ?? lead.phone)
    )
  }
}

export async function recordErasure(db: Kysely<DB>, entries: LedgerEntry[]): Promise<void> {
  if (entries.length > 0) await db.insertInto('erasureLedger').values(entries).execute()
}

export async function readLedger(db: Kysely<DB>): Promise<LedgerEntry[]> {
  return db.selectFrom('erasureLedger').select(['kind', 'digest', 'erasedAt']).orderBy('id').execute()
}

/** Adds the entries this ledger lacks (same kind, digest and time); returns how many. */
export async function mergeLedger(db: Kysely<DB>, entries: LedgerEntry[]): Promise<number> {
  const held = new Set((await readLedger(db)).map((e) => `${e.kind}:${e.digest}:${e.erasedAt.getTime()}`))
  const missing = new Map<string, LedgerEntry>()
  for (const e of entries) {
    const id = `${e.kind}:${e.digest}:${e.erasedAt.getTime()}`
    if (!held.has(id)) missing.set(id, e)
  }
  const rows = [...missing.values()]
  for (let i = 0; i < rows.length; i += 500) await recordErasure(db, rows.slice(i, i + 500))
  return rows.length
}

const ledgerLine = z.object({
  kind: z.enum(['email', 'phone']),
  digest: z.string().regex(/^[0-9a-f]{64}$/),
  erasedAt: z.iso.datetime().transform((v) => new Date(v)),
})

/** One JSON object per line, as `npm run db:erasures -- export FILE` writes it. */
export function ledgerToJsonLines(entries: LedgerEntry[]): string {
  return entries
    .map((e) => `${JSON.stringify({ kind: e.kind, digest: e.digest, erasedAt: e.erasedAt.toISOString() })}\n`)
    .join('')
}

export function parseLedgerJsonLines(text: string): LedgerEntry[] {
  return text
    .split('\n')
    .map((line, i) => [line.trim(), i + 1] as const)
    .filter(([line]) => line !== '')
    .map(([line, n]) => {
      let value: unknown
      try {
        value = JSON.parse(line)
      } catch {
        throw new Error(`line ${n} is not JSON`)
      }
      const parsed = ledgerLine.safeParse(value)
      if (!parsed.success) throw new Error(`line ${n} is not a ledger entry`)
      return parsed.data
    })
}
