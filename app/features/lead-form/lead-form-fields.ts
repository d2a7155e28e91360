import { attributionKeys } from '../../../core/attribution.ts'

// The lead form's fields, and how a posted form is read: the same in the browser and in the no-JavaScript action.

export type FieldName = 'firstName' | 'lastName' | 'email' | 'phone' | 'carDetails'
export const fields: {
  name: FieldName
  label: string
  required: boolean
  type: string
  autoComplete: string
  inputMode?: 'email' | 'tel' | 'text'
  placeholder?: string
}[] = [
  { name: 'firstName', label: 'First Name', required: true, type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', required: true, type: 'text', autoComplete: 'family-name' },
  {
    name: 'email',
    label: 'Email Address',
    required: true,
    type: 'email',
    autoComplete: 'email',
    inputMode: 'email',
  },
  {
    name: 'phone',
    label: 'Phone Number',
    required: true,
    type: 'tel',
    autoComplete: 'tel',
    inputMode: 'tel',
  },
  {
    name: 'carDetails',
    label: 'Car Details (Optional)',
    required: false,
    type: 'text',
    autoComplete: 'off',
    placeholder: 'e.g. 2016 Ford Focus',
  },
]

/** Reads the lead form the same way in the browser and in the no-JavaScript action. */
export function leadInputFromForm(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : undefined
  }
  const consent = text('hasConsent')
  const attribution: Record<string, string> = {}
  for (const key of attributionKeys) {
    const value = text(key)
    if (value) attribution[key] = value
  }
  return {
    firstName: text('firstName'),
    lastName: text('lastName'),
    email: text('email'),
    phone: text('phone'),
    carDetails: text('carDetails'),
    hasConsent: consent === 'true' || consent === 'on',
    website: text('website'),
    formStartedAt: text('formStartedAt'),
    consentVersion: text('consentVersion'),
    pageRevision: text('pageRevision'),
    idempotencyKey: text('idempotencyKey'),
    ...(Object.keys(attribution).length ? { attribution } : {}),
  }
}

/**
 * A form fill's Idempotency-Key: 32 random hex digits (getRandomValues: randomUUID needs a secure
 * context). Made in the browser, or for the no-JavaScript form per render of a questionnaire step
 * (never cached), so no two visitors share one.
 */
export function newIdempotencyKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** A post's answer that means it never reached the app (nginx's 502/503/504): worth one retry. */
export const retriedStatuses: ReadonlySet<number> = new Set([502, 503, 504])
