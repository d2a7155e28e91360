/**
 * Counts held in memory and written in batches (redirect hits): one instance per process, on the
 * services, because the built app bundle and the process entry each load their own copy of every
 * module, so module-level state would be counted in one copy and flushed from the other.
 */
export class Counters {
  readonly #counts = new Map<string, Map<number, number>>()

  add(name: string, id: number, by = 1) {
    let counts = this.#counts.get(name)
    if (!counts) {
      counts = new Map()
      this.#counts.set(name, counts)
    }
    counts.set(id, (counts.get(id) ?? 0) + by)
  }

  /** The counts since the last take, cleared. */
  take(name: string): Map<number, number> {
    const counts = this.#counts.get(name) ?? new Map<number, number>()
    this.#counts.delete(name)
    return counts
  }
}
