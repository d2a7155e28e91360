import { describe, expect, it } from 'vitest'
import { isStalePrepared, StatementNames } from './prepared-statements.ts'

describe('StatementNames', () => {
  it('names a statement once it has run often enough, and keeps its name', () => {
    const names = new StatementNames(3, 10)
    expect(names.nameFor('select $1')).toBeUndefined()
    expect(names.nameFor('select $1')).toBeUndefined()
    const name = names.nameFor('select $1')
    expect(name).toMatch(/^cc/)
    expect(names.nameFor('select $1')).toBe(name)
    expect(names.nameFor('select $2')).toBeUndefined()
  })

  it('gives different statements different names', () => {
    const names = new StatementNames(1, 10)
    expect(names.nameFor('a')).not.toBe(names.nameFor('b'))
    expect(names.size).toBe(2)
  })

  it('names no more than its limit', () => {
    const names = new StatementNames(1, 2)
    names.nameFor('a')
    names.nameFor('b')
    expect(names.nameFor('c')).toBeUndefined()
    expect(names.nameFor('a')).toBeDefined()
  })

  it('never names a long statement', () => {
    const names = new StatementNames(1, 10)
    expect(names.nameFor(`select ${'1,'.repeat(5000)}1`)).toBeUndefined()
  })

  it('stops naming a statement it was told to forget', () => {
    const names = new StatementNames(1, 10)
    expect(names.nameFor('a')).toBeDefined()
    names.forget('a')
    expect(names.nameFor('a')).toBeUndefined()
    expect(names.nameFor('a')).toBeUndefined()
  })

  it('knows the errors of a stale prepared statement', () => {
    expect(isStalePrepared({ code: '0A000' })).toBe(true)
    expect(isStalePrepared({ code: '26000' })).toBe(true)
    expect(isStalePrepared({ code: '23505' })).toBe(false)
    expect(isStalePrepared(new Error('x'))).toBe(false)
  })
})
