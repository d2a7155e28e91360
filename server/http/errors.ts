import type { ErrorRequestHandler, RequestHandler } from 'express'

/** An error the caller caused: answered with its status and message, never logged as a fault. */
export class HttpError extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

type BodyParserError = Error & { type?: string; status?: number }

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
      return undefined
  }
}

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ message: 'Not found' })
}

/** Every API error becomes `{"message": …}`: 4xx for the caller's mistakes, 500 for ours. */
export const apiErrorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (err instanceof HttpError) {
    res.status(err.status).json({ message: err.message })
    return
  }
  const parserMessage = bodyParserMessage(err as BodyParserError)
  if (parserMessage) {
    res.status(400).json({ message: parserMessage })
    return
  }
  req.log?.error({ err, requestId: req.id }, 'unhandled API error')
  if (res.headersSent) return
  res.status(500).json({ message: 'Something went wrong on our side. Please try again.' })
}
