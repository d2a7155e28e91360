import type { Logger } from 'pino'
import type { CurrentAdmin } from '../../../core/schemas/users.ts'
import type { CspOptions } from './security-headers.ts'

declare global {
  namespace Express {
    interface Request {
      id?: string
      log?: Logger
      /** The signed-in admin, set by the session middleware for /api and /admin requests. */
      admin?: CurrentAdmin
      /**
       * The raw session token from the cookie and its stored key, when the session is valid, and
       * when its owner last proved who they are (epoch ms: the sign-in, or a re-authentication).
       */
      session?: { token: string; sid: string; verifiedAt: number }
    }
    interface Locals {
      cspNonce: string
      /** How this response's CSP is built, for a cached page that lists script hashes instead. */
      cspOptions: CspOptions
    }
  }
}
