import type { SsoPublicView } from '../../../core/schemas/sso.ts'
import type { AppServices } from '../../platform/index.ts'

/** What the sign-in page may know of single sign-on: whether it is on, and the provider's name. */
export function ssoPublicView(services: AppServices): SsoPublicView {
  const sso = services.config.sso
  return sso ? { providerName: sso.providerName } : null
}
