import { clsx as cn } from 'clsx'
import { type Compliance, feeDisclosure, firmIdentity } from '../../../core/compliance-statements.ts'
import { formatPounds } from '../../../core/money.ts'
import type { EstimateReference as EstimateReferenceData } from '../../../core/questionnaire/definition.ts'

/** That people can claim for free themselves: the FCA expects it wherever an estimate is shown. */
export function FreeRouteStatement({
  compliance,
  className,
}: {
  compliance: Compliance
  className?: string
}) {
  return (
    <p
      className={cn('rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-700 text-sm', className)}
      data-testid="free-route-statement"
    >
      {compliance.freeRouteStatement}
    </p>
  )
}

export function FeeDisclosure({ compliance, className }: { compliance: Compliance; className?: string }) {
  return (
    <p className={cn('text-slate-700 text-sm', className)} data-testid="fee-disclosure">
      {feeDisclosure(compliance)}
    </p>
  )
}

/** The firm's name, address and FCA number; nothing at all while the admin has filled in none. */
export function FirmIdentity({ compliance, className }: { compliance: Compliance; className?: string }) {
  const identity = firmIdentity(compliance)
  return identity ? (
    <p className={className} data-testid="firm-identity">
      {identity}
    </p>
  ) : null
}

const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/** The published figure an estimate is measured against, with its source and date. */
export function EstimateReference({
  reference,
  className,
}: {
  reference: EstimateReferenceData
  className?: string
}) {
  const date = new Date(`${reference.date}T00:00:00Z`)
  return (
    <p className={cn('text-slate-700 text-sm', className)} data-testid="estimate-reference">
      {reference.label}: {formatPounds(reference.amount)} (
      <a
        href={reference.url}
        className="font-medium text-teal-800 underline underline-offset-2"
        rel="noopener"
      >
        {reference.source}
      </a>
      , {Number.isNaN(date.getTime()) ? reference.date : longDate.format(date)})
    </p>
  )
}
