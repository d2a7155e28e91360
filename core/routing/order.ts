type Candidate = { id: number; priority: number; weight: number }

/** The key of a group of equal-priority candidates in the round-robin state: its sorted ids. */
export function groupKey(ids: number[]): string {
  return [...ids].sort((a, b) => a - b).join(',')
}

/**
 * One smooth weighted round-robin step (nginx's algorithm) among `members`: each one's current
 * weight grows by its weight, the largest is picked (lowest id on a tie) and loses the total.
 */
function pick<T extends Candidate>(members: T[], current: Map<number, number>): T {
  let total = 0
  let best: T | undefined
  let bestCurrent = Number.NEGATIVE_INFINITY
  for (const member of members) {
    const value = (current.get(member.id) ?? 0) + member.weight
    current.set(member.id, value)
    total += member.weight
    if (value > bestCurrent) {
      best = member
      bestCurrent = value
    }
  }
  const chosen = best as T
  current.set(chosen.id, bestCurrent - total)
  return chosen
}

/** One equal-priority group: the round-robin pick first, the rest as they would be picked next. */
function orderGroup<T extends Candidate>(group: T[], state: Map<string, Map<number, number>>): T[] {
  const weighted = group.filter((candidate) => candidate.weight > 0)
  // Weight 0 (or less) means "only when no other would take it": after the weighted ones, by id.
  const fallbacks = group.filter((candidate) => !(candidate.weight > 0))
  if (weighted.length <= 1) return [...weighted, ...fallbacks]

  const key = groupKey(weighted.map((candidate) => candidate.id))
  let current = state.get(key)
  if (!current) {
    current = new Map()
    state.set(key, current)
  }
  const first = pick(weighted, current)
  // The rest follow a dry run on a copy, each step among those not yet placed.
  const preview = new Map(current)
  const order = [first]
  let remaining = weighted.filter((candidate) => candidate !== first)
  while (remaining.length > 0) {
    const next = pick(remaining, preview)
    order.push(next)
    remaining = remaining.filter((candidate) => candidate !== next)
  }
  return [...order, ...fallbacks]
}

/**
 * Candidates in the order to try them: priority first (lower first), then smooth weighted
 * round-robin within each priority, so over many calls a weight-3 contract leads three times as
 * often as a weight-1 one. `state` keeps each group's current weights between calls and is mutated.
 */
export function orderCandidates<T extends Candidate>(
  candidates: T[],
  state: Map<string, Map<number, number>>,
): T[] {
  const sorted = [...candidates].sort((a, b) => a.priority - b.priority || a.id - b.id)
  const result: T[] = []
  let start = 0
  while (start < sorted.length) {
    let end = start + 1
    while (end < sorted.length && sorted[end]?.priority === sorted[start]?.priority) end++
    result.push(...orderGroup(sorted.slice(start, end), state))
    start = end
  }
  return result
}
