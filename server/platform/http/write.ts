import type { Response } from 'express'

type Slot = { waiter: { resolve: () => void; reject: (error: Error) => void } | null }

const slots = new WeakMap<Response, Slot>()

/**
 * One 'drain' and one 'close' listener per response, however many times it waits: the compression
 * middleware hands `res.on('drain')` to its zlib stream, where `res.off` cannot remove it, so a
 * listener per wait would pile up for the length of a long export.
 */
function slotFor(res: Response): Slot {
  let slot = slots.get(res)
  if (!slot) {
    const created: Slot = { waiter: null }
    const settle = (error?: Error) => {
      const waiter = created.waiter
      created.waiter = null
      if (waiter) error ? waiter.reject(error) : waiter.resolve()
    }
    res.on('drain', () => settle())
    res.on('close', () => settle(new Error('client went away')))
    slots.set(res, created)
    slot = created
  }
  return slot
}

/** Writes `text`, waiting when the client reads slower than we write (memory stays flat). */
export function write(res: Response, text: string): Promise<void> | undefined {
  if (res.write(text)) return undefined
  if (res.destroyed) return Promise.reject(new Error('client went away'))
  const slot = slotFor(res)
  return new Promise((resolve, reject) => {
    slot.waiter = { resolve, reject }
  })
}
