import { clsx as cn } from 'clsx'
import { type Compliance, feeDisclosure, firmIdentity } from '../../../core/compliance-statements.ts'

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
