import { clsx as cn } from 'clsx'
import { type FormEvent, useRef, useState } from 'react'
import type { Attribution } from '../../../core/attribution.ts'
import { type Compliance, DEFAULT_COMPLIANCE } from '../../../core/compliance-statements.ts'
import { PAGE_REVISION_META, type ShownConsent } from '../../../core/consent-version.ts'
import {
  CONSENT_TEXT,
  LEAD_FORM_FIELDS,
  leadFormErrors,
  recheckedErrors,
  recipientSentence,
} from '../../../core/lead-form-rules.ts'
import { isPreviewPath } from '../../../core/paths.ts'
import { PHONE_FORMATS_HINT } from '../../../core/phone.ts'
import type { Answers } from '../../../core/questionnaire/definition.ts'
import { answerField, QUESTIONNAIRE_ACTION } from '../../../core/questionnaire/state.ts'
import type { ConsentVersionRefusal } from '../../../core/schemas/leads.ts'
import { PlainButton as Button } from '../../components/ui/plain-button.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { track } from '../analytics/beacon.ts'
import { AttributionFields } from '../attribution/attribution-fields.tsx'
import { currentAttribution } from '../attribution/attribution-store.ts'
import { readConsent } from '../cookie-consent/consent-store.ts'
import { FirmIdentity } from '../questionnaire/compliance-notes.tsx'
import { fields, leadInputFromForm, newIdempotencyKey, retriedStatuses } from './lead-form-fields.ts'

export type LeadFormValues = Partial<
  Record<'firstName' | 'lastName' | 'email' | 'phone' | 'carDetails', string>
> & {
  hasConsent?: boolean
  idempotencyKey?: string
}
export type LeadFormFeedback = { errors: Record<string, string>; values: LeadFormValues }

export function LeadForm({
  answers,
  questionnaireVersion,
  feedback,
  consent: shown,
  attribution,
  startedAt: started,
  compliance = DEFAULT_COMPLIANCE,
}: {
  /** The effective answers, keyed by question id. */
  answers: Answers
  /** The id of the questionnaire version the visitor was shown. */
  questionnaireVersion: number
  feedback?: LeadFormFeedback
  /** The consent version the page showed: its firms are named under the box, its hash is sent. */
  consent?: ShownConsent
  attribution?: Attribution
  startedAt?: number
  compliance?: Compliance
}) {
  // When the visitor started: the first step's post without JavaScript, else the questionnaire's mount.
  const [startedAt] = useState(() => started ?? Date.now())
  const [errors, setErrors] = useState<Record<string, string>>(feedback?.errors ?? {})
  // After a first submit (here or, without JavaScript, on the server) each field is checked again as
  // it changes or is left, so an error goes the moment it is fixed.
  const [checking, setChecking] = useState(() => Object.keys(feedback?.errors ?? {}).length > 0)
  // Each failed submit announces the summary again, even with the same errors.
  const [attempt, setAttempt] = useState(0)
  const [submitting, setSubmitting] = useState(false)
  // Replaced when the server answers that the wording changed since the page was loaded.
  const [consent, setConsent] = useState(shown)
  const formRef = useRef<HTMLFormElement>(null)
  const values = feedback?.values ?? {}
  // One per form fill, kept across a refused post (the no-JavaScript form sends it back), so a
  // post repeated after a lost answer makes no second lead.
  const [idempotencyKey] = useState(() => values.idempotencyKey || newIdempotencyKey())
  const firstInError = firstErrorField(errors)

  const recheck = (name: string) => {
    if (!checking || !formRef.current || !(name in FIELD_LABELS)) return
    const input = leadInputFromForm(new FormData(formRef.current))
    setErrors((current) => {
      const next = recheckedErrors(current, name, input)
      return current[name] === next[name] ? current : next
    })
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (submitting) return
    const input = leadInputFromForm(new FormData(event.currentTarget))
    const next = leadFormErrors(input)
    if (Object.keys(next).length > 0) {
      setErrors(next)
      setChecking(true)
      setAttempt((n) => n + 1)
      const first = firstErrorField(next)
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
      return
    }
    setErrors({})
    if (isPreviewPath(window.location.pathname)) {
      // A preview shows the form as it will be; a lead sent from it would reach buyers for real.
      toast({ title: 'Preview', description: 'This is a preview: the form works, but nothing was sent.' })
      return
    }
    setSubmitting(true)
    try {
      // The key as the form holds it (the server's, when the page was rendered with the form).
      const key = input.idempotencyKey || idempotencyKey
      const body = JSON.stringify({
        ...input,
        answers,
        // Id 0: no stored version (the admin's preview); the server then uses the live one.
        questionnaireVersion: questionnaireVersion || undefined,
        // A block page keeps its revision in the head (the form's markup is the canvas's too).
        pageRevision:
          input.pageRevision ??
          document.querySelector<HTMLMetaElement>(`meta[name="${PAGE_REVISION_META}"]`)?.content,
        formStartedAt: startedAt,
        attribution: { ...input.attribution, ...currentAttribution() },
        idempotencyKey: key,
        // Server-side conversions carry hashed contact details only with it.
        marketingConsent: readConsent()?.marketing === true,
      })
      const post = () =>
        fetch('/api/leads', {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': key },
          body,
        })
      // Once more on a network error or a gateway's 502/503/504: the key makes the repeat safe.
      const response = await post().then(
        (first) => (retriedStatuses.has(first.status) ? post() : first),
        () => post(),
      )
      if (response.status === 409) {
        // The wording changed since the page was loaded: show the current one, keep what was typed,
        // and ask for agreement to it.
        const refusal = (await response.json()) as ConsentVersionRefusal
        setConsent({ ...consent, version: refusal.consent.version, recipients: refusal.consent.recipients })
        const box = formRef.current?.querySelector<HTMLInputElement>('[name="hasConsent"]')
        if (box) {
          box.checked = false
          box.focus()
        }
        setErrors({ hasConsent: refusal.message })
        setSubmitting(false)
        return
      }
      if (!response.ok)
        throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`)
      // Not counted (the server counted the lead): says the lead came through the script.
      track({ type: 'lead' }, 'lead')
      // A page load, not a router navigation: public pages run without the router's client (ADR 0019).
      window.location.assign('/thank-you')
    } catch (error) {
      console.error('Lead submission failed', error)
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Failed to submit your details. Please try again.',
      })
      setSubmitting(false)
    }
  }

  return (
    <form
      ref={formRef}
      method="post"
      action={QUESTIONNAIRE_ACTION}
      onSubmit={onSubmit}
      onFocus={() => track({ type: 'form_start' }, 'form_start')}
      onChange={(e) => recheck((e.target as { name?: string }).name ?? '')}
      onBlur={(e) => recheck((e.target as { name?: string }).name ?? '')}
      noValidate
      className="mt-6 border-slate-200 border-t pt-6"
      aria-labelledby="lead-form-title"
    >
      <h3 id="lead-form-title" className="font-bold text-navy-900 text-xl">
        Get your free claim review
      </h3>
      <p className="mt-1 text-slate-700">
        Leave your details and a specialist from a claims management company regulated by the Financial
        Conduct Authority will contact you within 24 hours. No win, no fee.
      </p>
      {questionnaireVersion ? (
        <input type="hidden" name="questionnaireVersion" value={questionnaireVersion} />
      ) : null}
      {Object.entries(answers).map(([id, value]) => (
        <input key={id} type="hidden" name={answerField(id)} value={value} />
      ))}
      <ErrorSummary key={attempt} errors={errors} />
      <input type="hidden" name="formStartedAt" value={startedAt} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {consent?.version ? <input type="hidden" name="consentVersion" value={consent.version} /> : null}
      {consent?.pageRevision ? (
        <input type="hidden" name="pageRevision" value={consent.pageRevision} />
      ) : null}
      <AttributionFields attribution={attribution} />
      {/* The honeypot: out of sight and out of the accessibility tree; people leave it empty. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="lead-website">Website</label>
        <input
          id="lead-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        {fields.map((field) => {
          const error = errors[field.name]
          const id = `lead-${field.name}`
          return (
            <div
              key={field.name}
              className={cn(field.name === 'carDetails' || field.name === 'email' ? 'sm:col-span-2' : '')}
            >
              <label htmlFor={id} className="block font-medium text-slate-900">
                {field.label}
                {field.required ? <span className="text-red-700"> *</span> : null}
              </label>
              <input
                id={id}
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                inputMode={field.inputMode}
                placeholder={field.placeholder}
                defaultValue={values[field.name]}
                // Without JavaScript the page comes back from the server: the first field in error has focus.
                // biome-ignore lint/a11y/noAutofocus: only on a page that answers a submit with errors
                autoFocus={field.name === firstInError && !!feedback}
                aria-required={field.required || undefined}
                aria-invalid={error ? true : undefined}
                // The error alone while there is one (it says what to fix); the formats hint otherwise.
                aria-describedby={error ? `${id}-error` : field.name === 'phone' ? `${id}-hint` : undefined}
                maxLength={
                  field.name === 'carDetails'
                    ? 200
                    : field.name === 'email'
                      ? 254
                      : field.name === 'phone'
                        ? 25
                        : 100
                }
                className={cn(
                  'mt-1 block min-h-12 w-full rounded-lg border bg-white px-3 text-base text-slate-900 placeholder:text-slate-500',
                  error ? 'border-red-700' : 'border-slate-400',
                )}
              />
              {field.name === 'phone' ? (
                <p id={`${id}-hint`} className="mt-1 text-slate-600 text-sm">
                  {PHONE_FORMATS_HINT}
                </p>
              ) : null}
              {error ? (
                <p id={`${id}-error`} className="mt-1 text-red-700 text-sm">
                  {error}
                </p>
              ) : null}
            </div>
          )
        })}
      </div>
      <div className="mt-5">
        <div className="flex items-start gap-3">
          <input
            id="lead-hasConsent"
            name="hasConsent"
            type="checkbox"
            value="true"
            defaultChecked={values.hasConsent}
            // biome-ignore lint/a11y/noAutofocus: only on a page that answers a submit with errors
            autoFocus={firstInError === 'hasConsent' && !!feedback}
            aria-required="true"
            aria-invalid={errors.hasConsent ? true : undefined}
            aria-describedby={errors.hasConsent ? 'lead-hasConsent-error' : undefined}
            className="mt-1 size-5 shrink-0 accent-teal-700"
          />
          <label htmlFor="lead-hasConsent" className="text-slate-800 text-sm leading-relaxed">
            {CONSENT_TEXT.replace('Privacy Policy.', '')}
            <a href="/privacy-policy" className="font-medium text-teal-800 underline underline-offset-2">
              Privacy Policy
            </a>
            .<span className="text-red-700"> *</span>
          </label>
        </div>
        {errors.hasConsent ? (
          <p id="lead-hasConsent-error" className="mt-1 text-red-700 text-sm">
            {errors.hasConsent}
          </p>
        ) : null}
        <p className="mt-2 pl-8 text-slate-700 text-sm">{recipientSentence(consent?.recipients)}</p>
      </div>
      {errors.form ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-800 text-sm">
          {errors.form}
        </p>
      ) : null}
      <Button
        type="submit"
        name="intent"
        value="lead"
        size="lg"
        className="mt-6 w-full"
        disabled={submitting}
      >
        {submitting ? 'Submitting...' : 'Submit My Details'}
      </Button>
      <p className="mt-3 text-slate-600 text-xs leading-relaxed">
        We are a lead generation service, not a claims management company. {compliance.freeRouteStatement}
      </p>
      <FirmIdentity compliance={compliance} className="mt-2 text-slate-600 text-xs leading-relaxed" />
    </form>
  )
}

// The summary names the fields to fix; their own messages stay beside them, said once.
const FIELD_LABELS: Record<(typeof LEAD_FORM_FIELDS)[number], string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email Address',
  phone: 'Phone Number',
  carDetails: 'Car Details',
  hasConsent: 'Consent to be contacted',
}

/** The first field, in the form's order, that has an error. */
function firstErrorField(errors: Record<string, string>): string | undefined {
  return LEAD_FORM_FIELDS.find((name) => errors[name])
}

/**
 * The fields in error as one list, announced when it appears (role=alert); each links to its field.
 * Fixed fields leave the list as their errors leave the form.
 */
function ErrorSummary({ errors }: { errors: Record<string, string> }) {
  const listed = LEAD_FORM_FIELDS.filter((name) => errors[name])
  if (listed.length === 0) return null
  return (
    <div
      role="alert"
      className="mt-4 rounded-lg border-2 border-red-700 bg-red-50 p-3 text-red-800 text-sm"
      data-testid="lead-error-summary"
    >
      <p className="font-semibold">
        {listed.length === 1
          ? 'There is a problem with 1 field. Please check:'
          : `There are problems with ${listed.length} fields. Please check:`}
      </p>
      <ul className="mt-1 list-disc pl-5">
        {listed.map((name) => (
          <li key={name}>
            <a href={`#lead-${name}`} className="underline underline-offset-2">
              {FIELD_LABELS[name]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
