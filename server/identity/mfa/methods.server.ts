import type { SecondFactorMethod } from '../../../core/schemas/mfa.ts'
import type { AppServices } from '../../platform/index.ts'
import { factorsOf, remainingRecoveryCodes } from './store.server.ts'

/** The ways this account can finish signing in after its password. */
export async function secondFactorMethods(
  services: AppServices,
  adminId: number,
): Promise<SecondFactorMethod[]> {
  const [factors, codes] = await Promise.all([
    factorsOf(services.db, adminId),
    remainingRecoveryCodes(services.db, adminId),
  ])
  const methods: SecondFactorMethod[] = []
  if (factors.totp) methods.push('totp')
  if (factors.passkeys > 0) methods.push('passkey')
  if (factors.any && codes.remaining > 0) methods.push('recovery')
  return methods
}
