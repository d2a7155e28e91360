import type { ErrorRequestHandler, RequestHandler } from 'express'

/** An error the caller caused: answered with its status and message, never logged as a fault. */
export class HttpError extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

type BodyParserError = Error & {
  type?: string
  status?: number
  statusCode?: number
  code?: string
  expose?: boolean
}

function bodyParserMessage(err: BodyParserError): string | undefined {
  switch (err.type) {
    case 'entity.parse.failed':
      return 'Request body is not valid JSON'
    case 'entity.too.large':
      return 'Request body is too large'
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return 'Request body encoding is not supported'
    case 'request.aborted':
    case 'request.size.invalid':
      return 'Request body is incomplete'
    default:
      if (/^(Z_|ERR__ERROR_)/.test(err.code ?? '')) return 'Request body could not be decoded'
      if (err instanceof URIError) return 'The address is not correctly encoded'
      if (err instanceof RangeError && /call stack/i.test(err.message))
        return 'Request body is nested too deeply'
      return undefined
  }
}

/**
 * The status and message for an error the caller caused (bad encoding, a body that cannot be
 * decoded or parsed, an oversize body), or undefined for our own faults.
 */
export function callerError(err: unknown): { status: number; message: string } | undefined {
  if (err instanceof HttpError) return { status: err.status, message: err.message }
  const e = err as BodyParserError
  const message = bodyParserMessage(e)
  const status = e?.status ?? e?.statusCode
  if (message) return { status: 400, message }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, message: e.expose === false ? 'Bad request' : e.message || 'Bad request' }
  }
  return undefined
}

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ message: 'Not found' })
}

/** Every API error becomes `{"message": …}`: 4xx for the caller's mistakes, 500 for ours. */
export const apiErrorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const known = callerError(err)
  if (known) {
    if (!res.headersSent) res.status(known.status).json({ message: known.message })
    return
  }
  req.log?.error({ err, requestId: req.id }, 'unhandled API error')
  // A stream that failed half-way cannot become an error answer: end the connection so the client
  // sees a broken download rather than waiting for ever.
  if (res.headersSent) {
    res.destroy()
    return
  }
  res.status(500).json({ message: 'Something went wrong on our side. Please try again.' })
}
