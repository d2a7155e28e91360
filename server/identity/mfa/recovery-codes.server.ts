import { createHash, randomInt } from 'node:crypto'

export const RECOVERY_CODE_COUNT = 10
// No 0/o, 1/l/i: a code copied by hand from paper is read back right.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
const GROUP = 5

/** "k7m2p-xq9ta": ten characters from 31 (about 49 bits), in two groups to read aloud. */
export function newRecoveryCode(): string {
  let raw = ''
  for (let i = 0; i < GROUP * 2; i++) raw += ALPHABET[randomInt(ALPHABET.length)]
  return `${raw.slice(0, GROUP)}-${raw.slice(GROUP)}`
}

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>()
  while (codes.size < count) codes.add(newRecoveryCode())
  return [...codes]
}

/** What a user typed, the way it was issued: lower case, without spaces or dashes. */
export function normaliseRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]+/g, '')
}

/**
 * A plain sha-256 is enough: the codes are random with ~49 bits each, so there is no dictionary to
 * try, and guessing online is rate-limited (docs/decisions/0043-second-factors.md).
 */
export function recoveryCodeHash(input: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(input)).digest('hex')
}
