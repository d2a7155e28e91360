import type { RequestHandler } from 'express'

export const FORM_BODY_LIMIT_BYTES = 16 * 1024

/**
 * Page routes read form posts themselves (no-JavaScript questionnaire and lead form), so bound what
 * they may be sent before React Router buffers it.
 */
export const formBodyLimit: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') return next()
  const length = Number(req.get('content-length') ?? Number.NaN)
  const chunked = req.get('transfer-encoding') !== undefined
  if ((Number.isFinite(length) && length > FORM_BODY_LIMIT_BYTES) || (chunked && !Number.isFinite(length))) {
    res
      .status(413)
      .type('text/plain')
      .send('Your form submission was too large. Please go back, check your answers and try again.')
    return
  }
  next()
}
