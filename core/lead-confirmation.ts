import { type FooterCompliance, operatorDetails } from './compliance-statements.ts'
import { recipientNames } from './lead-form-rules.ts'
import { site } from './site.ts'

/**
 * The enquiry's reference travels from the post to the thank-you page in this cookie, sent only
 * to that page (docs/decisions/0059-thank-you-reference.md): never in the URL, where tracking
 * scripts and Referer headers would carry it off.
 */
export const THANK_YOU_COOKIE = 'enquiry_ref'
export const THANK_YOU_PATH = '/thank-you'
export const THANK_YOU_COOKIE_MAX_AGE_MS = 60 * 60 * 1000
/** A reference is 22 base64url characters (server/leads/lead-rows.server.ts). */
export const REFERENCE_PATTERN = /^[A-Za-z0-9_-]{22}$/

/** What the thank-you page and the confirmation email say about one enquiry; no personal data. */
export type EnquiryReceipt = {
  reference: string
  /** The firms the consent named (their displayed names), or the partner it named; empty when none. */
  firms: string[]
}

/** Who will get in touch, as one sentence. */
export function contactSentence(firms: readonly string[]): string {
  const names = recipientNames([...firms])
  if (names.length === 0)
    return 'A claims management company authorised and regulated by the Financial Conduct Authority will contact you.'
  if (names.length === 1)
    return `${names[0]}, a claims management company authorised and regulated by the Financial Conduct Authority, will contact you. No other firm may contact you about this claim.`
  const list = `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
  return `${list}, claims management companies authorised and regulated by the Financial Conduct Authority, may contact you. Only they may contact you about this claim.`
}

export const nextSteps = [
  {
    title: 'Review and match',
    text: 'We check your answers and pass your enquiry only to the firm or firms named above, as you agreed.',
  },
  {
    title: 'Expert contact',
    text: 'A specialist will contact you within 24 hours by phone or email to talk through your car finance agreement.',
  },
  {
    title: 'Claim process',
    text: 'If you decide to go ahead, they handle your claim on a no-win, no-fee basis, with no upfront costs. You are free to say no.',
  },
] as const

/** How to withdraw consent, naming the reference when there is one. */
export function withdrawalText(reference: string | null): string {
  const quoting = reference ? ` quoting your reference ${reference}` : ''
  return `You can withdraw your consent at any time, free of charge: email ${site.privacyEmail}${quoting}. We will stop passing on your details and tell the firms we passed them to. You can also tell a firm directly that you no longer want to hear from it.`
}

export const CONFIRMATION_SUBJECT = 'We have received your car finance enquiry'

/**
 * The visitor's confirmation email: the reference, who will contact them, what happens next and how
 * to withdraw consent, signed by the operator. It repeats nothing the visitor typed.
 */
export function confirmationMailText(receipt: EnquiryReceipt, operator: FooterCompliance): string {
  const steps = nextSteps.map((s, i) => `${i + 1}. ${s.title}: ${s.text}`)
  const details = operatorDetails(operator)
  return [
    `Thank you for your enquiry to ${site.name}.`,
    `Your reference: ${receipt.reference}`,
    `Who will contact you\n${contactSentence(receipt.firms)}`,
    `What happens next\n${steps.join('\n')}`,
    `Changing your mind\n${withdrawalText(receipt.reference)}`,
    operator.freeRouteStatement,
    `You get this email because this address was given with an enquiry on our website. If that was not you, email ${site.privacyEmail} and we will delete the enquiry.`,
    details.length > 0 ? details.join('\n') : operator.firmName || site.companyName,
  ].join('\n\n')
}
