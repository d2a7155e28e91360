import type { Request } from 'express'
import { HttpError } from './errors.ts'

type Limits = { maxBytes: number; tooLarge: string }

/**
 * The request's multipart form, read through the Fetch API's parser (no extra dependency). A body
 * that declares more than `maxBytes` is refused before it is read; one that declares nothing (or
 * lies) is cut off as soon as more than `maxBytes` have arrived.
 */
export async function readMultipartForm(req: Request, limits: Limits): Promise<FormData> {
  if (!req.is('multipart/form-data')) throw new HttpError(400, 'Request body must be multipart/form-data')
  const declared = Number(req.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > limits.maxBytes) refuseTooLarge(req, limits)

  let overLimit = false
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let received = 0
      let settled = false
      const fail = (error: unknown) => {
        if (settled) return
        settled = true
        controller.error(error)
      }
      req.on('data', (chunk: Buffer) => {
        if (settled) return
        received += chunk.byteLength
        if (received > limits.maxBytes) {
          overLimit = true
          // Not destroyed: that would drop the connection before the 413 could be sent.
          req.pause()
          fail(new Error('body over the limit'))
          return
        }
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
      })
      req.once('end', () => {
        if (settled) return
        settled = true
        controller.close()
      })
      req.once('error', fail)
      req.once('close', () => fail(new Error('request closed before its end')))
    },
  })
  const request = new globalThis.Request(`http://localhost${req.originalUrl}`, {
    method: req.method,
    headers: { 'content-type': req.get('content-type') ?? '' },
    body,
    duplex: 'half',
  } as RequestInit)
  try {
    return await request.formData()
  } catch {
    if (overLimit) refuseTooLarge(req, limits)
    throw new HttpError(400, 'Request body is not a valid multipart form')
  }
}

function refuseTooLarge(req: Request, { tooLarge }: Limits): never {
  // The rest of the body is never read: end the connection after the answer rather than drain it.
  req.res?.setHeader('Connection', 'close')
  throw new HttpError(413, tooLarge)
}
