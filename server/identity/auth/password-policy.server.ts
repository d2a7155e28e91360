import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common'
import { PASSWORD_COMMON, password } from '../../../core/schemas/fields.ts'
import { HttpError } from '../../platform/index.ts'

/**
 * Below this many guesses a password is a common or breached one: an entry of the list, or one
 * repeated, reversed, l33t-spelt, capitalised or with a few digits or keys added. Anything built
 * from the list with real effort (three words, a phrase) is far above it (ADR 0023).
 */
const COMMON_BELOW_GUESSES = 1_000_000

let estimator: ZxcvbnFactory | undefined

/**
 * zxcvbn-ts with only its list of about 49,000 passwords seen most in breaches, plus its keyboard,
 * repeat, sequence and date patterns. No word lists: an English dictionary (or the diceware list)
 * would mark long passphrases of ordinary words as weak. Built on first use (some 30 ms).
 */
function commonPasswords(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { 'passwords-common': dictionary['passwords-common'] },
    graphs: adjacencyGraphs,
  })
  return estimator
}

export function isCommonPassword(value: string): boolean {
  return commonPasswords().check(value).guesses < COMMON_BELOW_GUESSES
}

/**
 * The one rule for a new password (setup, reset, users, the admin CLI, ADMIN_PASSWORD): the shared
 * length rule, then the common and breached list. Says why it is refused, or undefined.
 */
export function passwordProblem(value: unknown): string | undefined {
  const parsed = password.safeParse(value)
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Invalid password'
  return isCommonPassword(parsed.data) ? PASSWORD_COMMON : undefined
}

/** Throws a 400 with the reason when the password may not be set. */
export function assertAcceptablePassword(value: unknown): void {
  const problem = passwordProblem(value)
  if (problem) throw new HttpError(400, problem)
}
