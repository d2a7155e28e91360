import { describe, expect, it } from 'vitest'
import { lengthSchema, spacingSchema } from '../../../../core/schemas/styles.ts'
import { composeLength, composeSpacing, parseLength, parseSpacing } from './length-value.ts'

describe('unit-aware sizes', () => {
  it('reads stored sizes as a number and a unit, and writes them back', () => {
    expect(parseLength('2rem')).toEqual({ number: '2', unit: 'rem' })
    expect(parseLength('0')).toEqual({ number: '0', unit: 'px' })
    expect(parseLength('10vh')).toBeNull()
    expect(composeLength({ number: '24', unit: 'px' })).toBe('24px')
    expect(composeLength({ number: '', unit: 'px' })).toBe('')
  })

  it('spreads a spacing shorthand over four sides as CSS does, and writes it back', () => {
    expect(parseSpacing('12px 24px')).toEqual({ sides: ['12', '24', '12', '24'], unit: 'px' })
    expect(parseSpacing('0 0 16px')).toEqual({ sides: ['0', '0', '16', '0'], unit: 'px' })
    expect(parseSpacing('1rem 16px')).toBeNull()
    expect(composeSpacing({ sides: ['12', '24', '12', '24'], unit: 'px' })).toBe('12px 24px 12px 24px')
    expect(composeSpacing({ sides: ['8', '8', '8', '8'], unit: 'rem' })).toBe('8rem')
    expect(composeSpacing({ sides: ['', '4', '', ''], unit: 'px' })).toBe('0 4px 0 0')
    expect(composeSpacing({ sides: ['', '', '', ''], unit: 'px' })).toBe('')
  })

  it('writes only what the server-side schema accepts', () => {
    expect(lengthSchema.safeParse(composeLength({ number: '1.5', unit: 'em' })).success).toBe(true)
    expect(lengthSchema.safeParse('-4px').success).toBe(false)
    expect(lengthSchema.safeParse('12px; color: red').success).toBe(false)
    expect(spacingSchema.safeParse(composeSpacing({ sides: ['1', '2', '3', '4'], unit: '%' })).success).toBe(
      true,
    )
  })
})
