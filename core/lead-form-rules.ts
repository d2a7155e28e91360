import { isUkPhoneNumber } from './phone.ts'

/**
 * The lead form's wording and the checks the browser runs before posting, without a validation
 * library (it would triple the public page's script). The server validates every post with the
 * full schema (core/schemas/leads.ts), whose messages these repeat; a unit test keeps them agreeing.
 */
export const CONSENT_TEXT =
  'I consent to being contacted about my car finance commission claim and agree to the Privacy Policy.'

/** Who the consent wording names: the buyers named in consent, or the partner setting, or no one. */
export type Recipients = string | readonly string[] | null | undefined

/** The named recipients of a lead, trimmed, blanks and repeats dropped, in their order. */
export function recipientNames(recipients: Recipients): string[] {
  const list = typeof recipients === 'string' ? [recipients] : (recipients ?? [])
  return [...new Set(list.map((name) => name.trim()).filter(Boolean))]
}

/**
 * Who receives the lead, shown beside the consent box: UK GDPR wants recipients named, and PECR
 * regulation 21A lets only the firms named here call about the claim.
 */
export function recipientSentence(recipients: Recipients): string {
  const names = recipientNames(recipients)
  if (names.length === 0) {
    return 'Your details will be passed to a claims management company authorised and regulated by the Financial Conduct Authority.'
  }
  if (names.length === 1) {
    return `Your details will be passed to ${names[0]}, a claims management company authorised and regulated by the Financial Conduct Authority.`
  }
  const list = `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
  return `Your details will be passed to ${list}, claims management companies authorised and regulated by the Financial Conduct Authority; only they may contact you about your claim.`
}

/** The same pattern as the server's e-mail check (zod's default). */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/
export const NOT_IN_NAMES = /[<>{}\\]|\p{Cc}|\p{Cf}/u
export const CONTROL_CHARACTERS = /\p{Cc}|\p{Cf}/u

/** Bounds on `answers` (ids, values and how many), the same in the browser and on the server. */
export const ANSWER_LIMITS = { count: 50, idLength: 64, valueLength: 200 } as const

/** The message for a bad `answers` or `questionnaireVersion`, naming the field: `answers.loanAmount: …`. */
export function fieldMessage(path: readonly PropertyKey[], message: string): string {
  return `${path.map(String).join('.')}: ${message}`
}

/** Field name → message for answers the server would refuse whatever the version (size limits). */
export function answersLimitErrors(answers: Readonly<Record<string, string>>): Record<string, string> {
  const errors: Record<string, string> = {}
  const ids = Object.keys(answers)
  if (ids.length > ANSWER_LIMITS.count) errors.answers = `answers: at most ${ANSWER_LIMITS.count} answers`
  for (const id of ids) {
    const field = `answers.${id}`
    if (id.length === 0 || id.length > ANSWER_LIMITS.idLength)
      errors[field] ??= `${field}: a question id must be 1 to ${ANSWER_LIMITS.idLength} characters`
    else if ((answers[id] ?? '').length > ANSWER_LIMITS.valueLength)
      errors[field] ??= `${field}: must be at most ${ANSWER_LIMITS.valueLength} characters`
  }
  return errors
}

export type LeadFormInput = {
  firstName?: string
  lastName?: string
  email?: string
  phone?: string
  carDetails?: string
  hasConsent?: boolean
}

function nameError(label: string, raw: string | undefined): string | undefined {
  const value = raw?.trim() ?? ''
  if (!value) return `${label} is required`
  if (value.length > 100) return `${label} must be at most 100 characters`
  if (NOT_IN_NAMES.test(value)) return `${label} contains characters that are not allowed`
  return undefined
}

/** Field name → message for each visible field that the server would refuse. */
export function leadFormErrors(input: LeadFormInput): Record<string, string> {
  const errors: Record<string, string> = {}
  const set = (key: string, message: string | undefined) => {
    if (message) errors[key] = message
  }
  set('firstName', nameError('First name', input.firstName))
  set('lastName', nameError('Last name', input.lastName))
  const email = input.email?.trim() ?? ''
  set(
    'email',
    !email
      ? 'Email is required'
      : email.length > 254
        ? 'Email must be at most 254 characters'
        : EMAIL_PATTERN.test(email)
          ? undefined
          : 'Please enter a valid email address',
  )
  const phone = input.phone?.trim() ?? ''
  set(
    'phone',
    !phone
      ? 'Phone number is required'
      : phone.length > 25 || !isUkPhoneNumber(phone)
        ? 'Please enter a valid UK phone number'
        : undefined,
  )
  const car = input.carDetails?.trim() ?? ''
  set(
    'carDetails',
    car.length > 200
      ? 'Car details must be at most 200 characters'
      : CONTROL_CHARACTERS.test(car)
        ? 'Car details contain characters that are not allowed'
        : undefined,
  )
  if (input.hasConsent !== true) errors.hasConsent = 'You must agree to be contacted to continue'
  return errors
}

/** The fields the form checks itself, in the form's order: the first in error gets focus. */
export const LEAD_FORM_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'carDetails',
  'hasConsent',
] as const

/**
 * After a first submit, the errors once the visitor changed or left `name`: that field's error is
 * what the rules say now (gone the moment it no longer applies, updated when it changes); every
 * other field keeps its error until it is touched or the form is sent again.
 */
export function recheckedErrors(
  errors: Readonly<Record<string, string>>,
  name: string,
  input: LeadFormInput,
): Record<string, string> {
  if (!(LEAD_FORM_FIELDS as readonly string[]).includes(name)) return { ...errors }
  const now = leadFormErrors(input)[name]
  const { [name]: _, ...rest } = errors
  return now ? { ...rest, [name]: now } : rest
}
