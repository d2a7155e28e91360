import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { objectsToCounting } from '../../../core/counting.ts'
import { londonParts } from '../../../core/routing/contract-rules.ts'
import type { DB, Job } from '../../platform/index.ts'
import { exposesVisitor } from '../experiments/assignment.server.ts'
import { type Exposure, insertExposures } from '../experiments/queries.server.ts'
import type { Analytics } from './ingest.server.ts'
import { parseViewLine, viewOf } from './view-log-line.ts'
import type { VisitorIds } from './visitor.server.ts'

export const PAGE_VIEW_LOG_JOB = 'page-view-log'
/** Bytes read and counted per transaction: some 10,000 lines. */
const CHUNK_BYTES = 2 * 1024 * 1024
/** Chunks per run at most, so a long backlog does not hold the job (it goes on next second). */
const CHUNKS_PER_RUN = 20

type Position = { inode: string | null; position: number }
/** The file to read from `from` on, and the row's position `at` its counts move on from. */
type Target = { file: string; inode: string; size: number; from: number; at: Position }

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Counts the page views nginx served, cached or not, from its page-view log
 * (docs/decisions/0085-page-views-from-nginx.md). One instance at a time holds the lease (a row of
 * `page_view_log`, renewed each run) and reads the lines written since its position; each chunk's
 * counts and the new position are committed together, and only while the position is still the one
 * read, so a kill or a handover never loses or repeats a line. A rotated log (new inode) is read to
 * its end first when it still lies beside the new one (`name.1`, `name-20261128`…); a truncated one
 * is read again from the start.
 */
export class PageViewLog {
  readonly #db: Kysely<DB>
  readonly #analytics: Analytics
  readonly #visitors: VisitorIds
  #file: string | undefined
  readonly #configured: boolean
  readonly #leaseMs: number
  readonly #holder = randomBytes(9).toString('base64url')

  constructor(options: {
    db: Kysely<DB>
    analytics: Analytics
    visitors: VisitorIds
    /** The log's path, as nginx's `access_log` names it (PAGE_VIEW_LOG); else the one nginx announces. */
    file: string | undefined
    leaseMs?: number
  }) {
    this.#db = options.db
    this.#analytics = options.analytics
    this.#visitors = options.visitors
    this.#file = options.file === undefined ? undefined : path.resolve(options.file)
    this.#configured = options.file !== undefined
    this.#leaseMs = options.leaseMs ?? 5000
  }

  /** The log being read (guarded by `read`, which reads nothing without one). */
  get #path(): string {
    return this.#file ?? ''
  }

  /**
   * The log's row in `page_view_log`: its host and path, so the logs of two nginx hosts at the same
   * path are two logs, and the instances on one host share one.
   */
  get #source(): string {
    return `${os.hostname()}:${this.#path}`
  }

  /** The log a trusted proxy says it writes (X-Claim-View-Log): read when none is configured. */
  announce(file: string) {
    if (this.#configured || this.#file === file) return
    this.#file = path.resolve(file)
  }

  job(): Job {
    return { name: PAGE_VIEW_LOG_JOB, everyMs: 1000, run: () => this.read() }
  }

  /** Reads and counts what was written since the last run, if this instance holds the lease: the lines read. */
  async read(): Promise<number> {
    // An instance on another host than nginx never takes the lease from one that can read the log.
    if (!this.#file || !(await statOf(this.#file)) || !(await this.#lease())) return 0
    let lines = 0
    for (let chunk = 0; chunk < CHUNKS_PER_RUN; chunk++) {
      const read = await this.#readChunk()
      if (read === undefined) break
      lines += read
      await yieldToRequests()
    }
    return lines
  }

  /** Lets the lease go (a clean stop): another instance reads on at once. */
  async release(): Promise<void> {
    await this.#db
      .updateTable('pageViewLog')
      .set({ holder: null, heldUntil: null })
      .where('source', '=', this.#source)
      .where('holder', '=', this.#holder)
      .execute()
  }

  async #lease(): Promise<boolean> {
    const now = new Date()
    const take = () =>
      this.#db
        .updateTable('pageViewLog')
        .set({ holder: this.#holder, heldUntil: new Date(now.getTime() + this.#leaseMs) })
        .where('source', '=', this.#source)
        .where((eb) =>
          eb.or([eb('holder', '=', this.#holder), eb('holder', 'is', null), eb('heldUntil', '<', now)]),
        )
        .executeTakeFirst()
    let taken = await take()
    if (Number(taken.numUpdatedRows) === 0) {
      await this.#db
        .insertInto('pageViewLog')
        .values({ source: this.#source, inode: null, position: 0 })
        .onConflict((oc) => oc.column('source').doNothing())
        .execute()
      taken = await take()
    }
    return Number(taken.numUpdatedRows) > 0
  }

  async #position(): Promise<Position> {
    const row = await this.#db
      .selectFrom('pageViewLog')
      .select(['inode', 'position'])
      .where('source', '=', this.#source)
      .executeTakeFirstOrThrow()
    return { inode: row.inode, position: Number(row.position) }
  }

  /** The file and offset to read next; moves the position itself on a rotation or truncation. */
  async #target(): Promise<Target | undefined> {
    const at = await this.#position()
    const current = await statOf(this.#path)
    if (!current) return undefined
    if (at.inode === null) {
      return { file: this.#path, inode: current.inode, size: current.size, from: 0, at }
    }
    if (at.inode === current.inode) {
      if (current.size >= at.position)
        return { file: this.#path, inode: current.inode, size: current.size, from: at.position, at }
      // Truncated (copytruncate): what was written before is gone; start again at the top.
      const top = { inode: current.inode, position: 0 }
      await this.#move(this.#db, at, top)
      return { file: this.#path, inode: current.inode, size: current.size, from: 0, at: top }
    }
    const rotated = await this.#rotated(at.inode)
    if (rotated && rotated.size > at.position)
      return { file: rotated.file, inode: at.inode, size: rotated.size, from: at.position, at }
    // The rotated file is read to its end (or gone): on to the new one.
    const top = { inode: current.inode, position: 0 }
    await this.#move(this.#db, at, top)
    return { file: this.#path, inode: current.inode, size: current.size, from: 0, at: top }
  }

  /** The rotated log with this inode beside the current one (`views.log.1`, `views.log-20261128`). */
  async #rotated(inode: string) {
    const dir = path.dirname(this.#path)
    const base = path.basename(this.#path)
    let names: string[]
    try {
      names = await fs.readdir(dir)
    } catch {
      return undefined
    }
    for (const name of names) {
      if (name === base || !name.startsWith(base) || name.endsWith('.gz')) continue
      const file = path.join(dir, name)
      const stat = await statOf(file)
      if (stat?.inode === inode) return { file, size: stat.size }
    }
    return undefined
  }

  /**
   * Moves the position from `from` to `to`, only while it is still `from` and this instance holds
   * the lease; otherwise throws, undoing the transaction it is part of.
   */
  async #move(db: Kysely<DB>, from: Position, to: Position) {
    const moved = await db
      .updateTable('pageViewLog')
      .set({ inode: to.inode, position: to.position, updatedAt: new Date() })
      .where('source', '=', this.#source)
      .where('holder', '=', this.#holder)
      .where('position', '=', from.position)
      .where((eb) => (from.inode === null ? eb('inode', 'is', null) : eb('inode', '=', from.inode)))
      .executeTakeFirst()
    if (Number(moved.numUpdatedRows) !== 1) throw new Error('The page-view log position moved elsewhere')
  }

  /** One chunk of whole lines counted: how many lines, or undefined when there is nothing new. */
  async #readChunk(): Promise<number | undefined> {
    const target = await this.#target()
    if (!target || target.size <= target.from) return undefined
    const length = Math.min(CHUNK_BYTES, target.size - target.from)
    const buffer = Buffer.alloc(length)
    const handle = await fs.open(target.file, 'r')
    let bytes: number
    try {
      ;({ bytesRead: bytes } = await handle.read(buffer, 0, length, target.from))
    } finally {
      await handle.close()
    }
    // Only whole lines: the rest is read once nginx has finished writing it.
    const end = buffer.subarray(0, bytes).lastIndexOf(10)
    if (end < 0) return undefined
    const text = buffer.toString('latin1', 0, end)
    const views: Parameters<Analytics['recordViews']>[0] = []
    const exposed: { at: number; ip: string; userAgent: string; experimentId: number; variant: string }[] = []
    let lines = 0
    for (const line of text.split('\n')) {
      lines++
      const entry = parseViewLine(line)
      if (entry?.method !== 'GET' || (entry.status !== 200 && entry.status !== 304)) continue
      const view = viewOf(entry.view)
      if (!view) continue
      const cookie = entry.noCount === undefined ? undefined : `cc_no_count=${entry.noCount}`
      if (objectsToCounting({ gpc: entry.gpc, cookie })) continue
      views.push({ ...entry, variant: view.variant })
      if (view.variant && exposesVisitor(entry.userAgent)) {
        const colon = view.variant.indexOf(':')
        exposed.push({
          at: entry.at,
          ip: entry.ip,
          userAgent: entry.userAgent as string,
          experimentId: Number(view.variant.slice(0, colon)),
          variant: view.variant.slice(colon + 1),
        })
      }
    }
    const exposures = await this.#exposures(exposed)
    await this.#analytics.recordViews(views, async (trx) => {
      await this.#move(trx, target.at, { inode: target.inode, position: target.from + end + 1 })
      if (exposures.length > 0) await insertExposures(trx, exposures)
    })
    return lines
  }

  /** One exposure per experiment, UK day and visitor (the day's salted id, as the app records them). */
  async #exposures(
    exposed: { at: number; ip: string; userAgent: string; experimentId: number; variant: string }[],
  ): Promise<Exposure[]> {
    const rows = new Map<string, Exposure>()
    for (const seen of exposed) {
      const at = new Date(seen.at)
      const day = londonParts(at).date
      const visitor =
        this.#visitors.peek(seen.ip, seen.userAgent, at) ??
        (await this.#visitors.id(seen.ip, seen.userAgent, at))
      const key = `${seen.experimentId}|${day}|${visitor}`
      if (!rows.has(key))
        rows.set(key, { experimentId: seen.experimentId, day, visitor, variant: seen.variant })
    }
    return [...rows.values()]
  }
}

async function statOf(file: string): Promise<{ inode: string; size: number } | undefined> {
  try {
    const stat = await fs.stat(file, { bigint: true })
    return { inode: stat.ino.toString(), size: Number(stat.size) }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw err
  }
}
