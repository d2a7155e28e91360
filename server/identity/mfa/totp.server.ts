import { Secret, TOTP } from 'otpauth'

export const TOTP_PERIOD_SECONDS = 30
/** Steps of clock drift accepted either side of now. */
export const TOTP_WINDOW = 1

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

export function totpFor(secret: string, label: string, issuer: string) {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  })
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri(secret: string, label: string, issuer: string): string {
  return totpFor(secret, label, issuer).toString()
}

export function stepAt(timestampMs: number): number {
  return Math.floor(timestampMs / 1000 / TOTP_PERIOD_SECONDS)
}

/**
 * The step a code belongs to, or null when it is wrong, outside one step of drift, or not newer
 * than the last code accepted (each code works once, and never one older than a used one).
 */
export function acceptTotp(
  secret: string,
  code: string,
  lastUsedStep: number,
  timestampMs = Date.now(),
): number | null {
  const delta = totpFor(secret, 'check', 'check').validate({
    token: code,
    timestamp: timestampMs,
    window: TOTP_WINDOW,
  })
  if (delta === null) return null
  const step = stepAt(timestampMs) + delta
  return step > lastUsedStep ? step : null
}
