import { TABLET_BELOW } from '../../../../core/responsive-styles.ts'

/**
 * The canvas frame's geometry, pure so it is unit tested (canvas-geometry.test.ts): how wide the
 * frame is, how far it is scaled down to fit, and where a dragged widget lands.
 */

/**
 * The frame's own width in CSS px: a device's width, or on desktop all the room there is but never
 * less than the desktop rules' width (core/responsive-styles.ts), so a narrow admin window does not
 * show the tablet's sizes in the desktop preview.
 */
export function frameWidth(deviceWidth: number | null, available: number): number {
  if (deviceWidth !== null) return deviceWidth
  return available > 0 ? Math.max(Math.floor(available), TABLET_BELOW) : 0
}

/**
 * How far to scale a frame of `width` px down so it fits in `available` px: never up, and never
 * by clamping the width (media queries inside the frame must still see the device's width).
 */
export function frameScale(width: number, available: number): number {
  if (width <= 0 || available <= 0 || available >= width) return 1
  return available / width
}

export type Box = { top: number; bottom: number }

/**
 * The index a widget dropped at `pointerY` takes among widgets laid out in `boxes` (top to bottom,
 * in the same coordinates): before the first widget whose middle is below the pointer, else last.
 */
export function dropIndexFromBoxes(pointerY: number, boxes: readonly Box[]): number {
  const index = boxes.findIndex((box) => pointerY < (box.top + box.bottom) / 2)
  return index === -1 ? boxes.length : index
}
