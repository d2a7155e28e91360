import type { RequestHandler } from 'express'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses a state-changing request that a browser says came from another site. Requests with
 * neither header are not from a browser page, so they cannot carry a victim's cookies by surprise.
 */
export function sameOriginOnly(publicUrl: string | undefined): RequestHandler {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next()
    const fetchSite = req.get('sec-fetch-site')
    if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return refuse(res)
    const origin = req.get('origin')
    if (origin && origin !== 'null') {
      const own = `${req.protocol}://${req.get('host')}`
      if (origin !== own && origin !== publicOrigin) return refuse(res)
    } else if (origin === 'null') {
      return refuse(res)
    }
    next()
  }
}

function refuse(res: Parameters<RequestHandler>[1]) {
  res.status(403).json({ message: 'Cross-site requests are not allowed' })
}
