import { describe, expect, it } from 'vitest'
import { dropIndexFromBoxes, frameScale, frameWidth } from './canvas-geometry.ts'

describe('frameWidth', () => {
  it('is the device width whatever the room, and the room on desktop', () => {
    expect(frameWidth(768, 500)).toBe(768)
    expect(frameWidth(375, 2000)).toBe(375)
    expect(frameWidth(null, 1234.6)).toBe(1234)
    expect(frameWidth(null, -5)).toBe(0)
  })

  it('is never narrower than the desktop rules on desktop', () => {
    expect(frameWidth(null, 700)).toBe(1024)
  })
})

describe('frameScale', () => {
  it('leaves a frame that fits at full size', () => {
    expect(frameScale(768, 1600)).toBe(1)
    expect(frameScale(768, 768)).toBe(1)
  })

  it('scales a frame wider than the room down to fit, never up', () => {
    expect(frameScale(768, 384)).toBe(0.5)
    expect(frameScale(375, 300)).toBeCloseTo(0.8)
  })

  it('does not scale before the room is known', () => {
    expect(frameScale(768, 0)).toBe(1)
    expect(frameScale(0, 500)).toBe(1)
  })
})

describe('dropIndexFromBoxes', () => {
  const boxes = [
    { top: 0, bottom: 100 },
    { top: 110, bottom: 150 },
    { top: 160, bottom: 260 },
  ]

  it('lands before a widget when the pointer is above its middle', () => {
    expect(dropIndexFromBoxes(-20, boxes)).toBe(0)
    expect(dropIndexFromBoxes(49, boxes)).toBe(0)
    expect(dropIndexFromBoxes(51, boxes)).toBe(1)
    expect(dropIndexFromBoxes(129, boxes)).toBe(1)
    expect(dropIndexFromBoxes(131, boxes)).toBe(2)
  })

  it('lands last below the middle of the last widget, and first in an empty section', () => {
    expect(dropIndexFromBoxes(211, boxes)).toBe(3)
    expect(dropIndexFromBoxes(900, boxes)).toBe(3)
    expect(dropIndexFromBoxes(10, [])).toBe(0)
  })
})
