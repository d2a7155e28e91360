import { describe, expect, it } from 'vitest'
import { groupKey, orderCandidates } from './order.ts'

type C = { id: number; priority: number; weight: number }
const c = (id: number, priority: number, weight: number): C => ({ id, priority, weight })
const ids = (list: C[]) => list.map((candidate) => candidate.id)

function firsts(candidates: C[], calls: number, state = new Map<string, Map<number, number>>()) {
  const counts = new Map<number, number>()
  const sequence: number[] = []
  for (let i = 0; i < calls; i++) {
    const first = orderCandidates(candidates, state)[0]
    if (!first) throw new Error('no candidate')
    counts.set(first.id, (counts.get(first.id) ?? 0) + 1)
    sequence.push(first.id)
  }
  return { counts, sequence }
}

describe('orderCandidates', () => {
  it('orders by priority, lower first', () => {
    expect(ids(orderCandidates([c(1, 3, 1), c(2, 1, 1), c(3, 2, 1)], new Map()))).toEqual([2, 3, 1])
  })

  it('returns nothing for nothing and leaves the input alone', () => {
    expect(orderCandidates([], new Map())).toEqual([])
    const input = [c(2, 1, 1), c(1, 0, 1)]
    orderCandidates(input, new Map())
    expect(ids(input)).toEqual([2, 1])
  })

  it('leads with weight 3 three times as often as weight 1 over 400 calls', () => {
    const { counts } = firsts([c(1, 1, 3), c(2, 1, 1)], 400)
    expect(counts.get(1)).toBe(300)
    expect(counts.get(2)).toBe(100)
  })

  it('spreads picks smoothly (nginx order) rather than in bursts', () => {
    expect(firsts([c(1, 1, 5), c(2, 1, 1), c(3, 1, 1)], 7).sequence).toEqual([1, 1, 2, 1, 3, 1, 1])
  })

  it('splits three weights 2:1:1 exactly', () => {
    const { counts } = firsts([c(7, 1, 2), c(8, 1, 1), c(9, 1, 1)], 400)
    expect([counts.get(7), counts.get(8), counts.get(9)]).toEqual([200, 100, 100])
  })

  it('is deterministic: same state, same order, whatever the input order', () => {
    const a = firsts([c(1, 1, 3), c(2, 1, 2), c(3, 1, 1)], 50).sequence
    const b = firsts([c(3, 1, 1), c(1, 1, 3), c(2, 1, 2)], 50).sequence
    expect(a).toEqual(b)
  })

  it('puts the rest of the group in the order they would be picked next', () => {
    const state = new Map<string, Map<number, number>>()
    const group = [c(1, 1, 1), c(2, 1, 4), c(3, 1, 2)]
    expect(ids(orderCandidates(group, state))).toEqual([2, 3, 1])
    // Only the first pick moves the state: 2 led, so 3 is now most owed.
    expect(ids(orderCandidates(group, state))).toEqual([3, 2, 1])
    expect(state.get('1,2,3')).toEqual(
      new Map([
        [1, 2],
        [2, 1],
        [3, -3],
      ]),
    )
  })

  it('keeps separate state per group and per priority', () => {
    const state = new Map<string, Map<number, number>>()
    const list = [c(1, 1, 1), c(2, 1, 1), c(3, 2, 1), c(4, 2, 1)]
    expect(ids(orderCandidates(list, state))).toEqual([1, 2, 3, 4])
    expect(ids(orderCandidates(list, state))).toEqual([2, 1, 4, 3])
    expect([...state.keys()].sort()).toEqual(['1,2', '3,4'])
  })

  it('puts weight 0 last in its group, by id, and never first while another can lead', () => {
    const state = new Map<string, Map<number, number>>()
    const list = [c(5, 1, 0), c(1, 1, 0), c(2, 1, 1), c(3, 1, 2), c(9, 2, 1)]
    for (let i = 0; i < 20; i++) {
      const order = ids(orderCandidates(list, state))
      expect(order.slice(2)).toEqual([1, 5, 9])
    }
  })

  it('treats a negative weight like 0', () => {
    expect(ids(orderCandidates([c(1, 1, -2), c(2, 1, 1)], new Map()))).toEqual([2, 1])
  })

  it('orders a group of only weight-0 candidates by id', () => {
    expect(ids(orderCandidates([c(3, 1, 0), c(2, 1, 0)], new Map()))).toEqual([2, 3])
  })

  it('keys groups by sorted ids', () => {
    expect(groupKey([10, 2, 33])).toBe('2,10,33')
  })
})
