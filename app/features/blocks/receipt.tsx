import { CircleCheck } from 'lucide-react'
import { receiptModel } from '../../../core/blocks/receipt.ts'
import { contactSentence, type EnquiryReceipt, withdrawalText } from '../../../core/lead-confirmation.ts'
import { site } from '../../../core/site.ts'
import { useBlockContext } from './block-context.tsx'
import { defineBlock } from './define-block.ts'

const linkClass = 'font-medium text-teal-800 underline underline-offset-2'

function Receipt({ receipt }: { receipt: EnquiryReceipt }) {
  return (
    <>
      <dl className="mt-4 rounded-lg bg-teal-50 p-4">
        <dt className="font-semibold text-navy-900 text-sm">Your reference</dt>
        <dd className="mt-1 break-all font-mono text-lg text-slate-900" data-testid="enquiry-reference">
          {receipt.reference}
        </dd>
      </dl>
      <h2 className="mt-8 font-bold text-2xl text-navy-900">Who will contact you</h2>
      {receipt.firms.length > 0 ? (
        <ul className="mt-4 grid gap-2" data-testid="consented-firms">
          {receipt.firms.map((firm) => (
            <li
              key={firm}
              className="rounded-lg border border-slate-200 bg-white px-4 py-3 font-semibold text-navy-900"
            >
              {firm}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-4 text-slate-700">{contactSentence(receipt.firms)}</p>
      <p className="mt-2 text-slate-700">
        We are emailing you a copy of this page with your reference, to the address you gave.
      </p>
    </>
  )
}

/** The thank-you page's confirmation (with the visitor's reference and firms) or withdrawal text. */
export const receiptBlock = defineBlock(receiptModel, function ReceiptBlock({ content }) {
  const { receipt } = useBlockContext()
  if (content.part === 'withdrawal') {
    return (
      <div className="mt-10">
        {content.heading ? <h2 className="font-bold text-2xl text-navy-900">{content.heading}</h2> : null}
        <p className="mt-4 text-slate-700" data-testid="withdraw-consent">
          {withdrawalText(receipt?.reference ?? null)}{' '}
          <a className={linkClass} href={`mailto:${site.privacyEmail}`}>
            Email {site.privacyEmail}
          </a>
        </p>
      </div>
    )
  }
  return (
    <div className="rounded-xl border border-teal-200 bg-white p-6 shadow-sm">
      {content.heading ? <h2 className="mb-4 font-bold text-2xl text-navy-900">{content.heading}</h2> : null}
      <div className="flex items-start gap-3">
        <CircleCheck className="mt-0.5 size-7 shrink-0 text-teal-700" aria-hidden="true" />
        <p className="text-lg text-slate-800">{content.text}</p>
      </div>
      {receipt ? <Receipt receipt={receipt} /> : null}
    </div>
  )
})
