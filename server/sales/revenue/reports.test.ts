import { describe, expect, it } from 'vitest'
import { foldHoursIntoDays, toFigures } from './reports.server.ts'

describe('revenue by London day', () => {
  it('folds UTC hours into London days, keeps quiet days at zero and drops hours outside', () => {
    const days = ['2026-07-14', '2026-07-15', '2026-07-16']
    const byDay = foldHoursIntoDays(days, [
      // 22:00 UTC is 23:00 BST on the 14th; 23:00 UTC is already the 15th in London.
      { hour: '2026-07-14T22', salesCount: 1, salesPence: 1000, returnsCount: 0, returnsPence: 0 },
      { hour: '2026-07-14T23', salesCount: 2, salesPence: 5000, returnsCount: 1, returnsPence: 2500 },
      { hour: '2026-07-15T10', salesCount: '1', salesPence: '700', returnsCount: '0', returnsPence: '0' },
      { hour: '2026-07-20T10', salesCount: 9, salesPence: 9999, returnsCount: 0, returnsPence: 0 },
    ])
    expect(byDay).toEqual([
      {
        date: '2026-07-14',
        salesCount: 1,
        salesPence: 1000,
        returnsCount: 0,
        returnsPence: 0,
        netPence: 1000,
      },
      {
        date: '2026-07-15',
        salesCount: 3,
        salesPence: 5700,
        returnsCount: 1,
        returnsPence: 2500,
        netPence: 3200,
      },
      { date: '2026-07-16', salesCount: 0, salesPence: 0, returnsCount: 0, returnsPence: 0, netPence: 0 },
    ])
  })

  it('reads bigint strings and nulls as numbers', () => {
    expect(
      toFigures({ salesCount: '2', salesPence: '5000', returnsCount: null, returnsPence: null }),
    ).toEqual({
      salesCount: 2,
      salesPence: 5000,
      returnsCount: 0,
      returnsPence: 0,
      netPence: 5000,
    })
  })
})
