import { missingOperatorDetails, readCompliance } from '../../../../core/compliance.ts'
import type { SettingRow } from '../../../../core/schemas/settings.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { asList } from '../api.ts'

/** What the operator still has to fill in for the public footer, from the loaded settings list. */
export function missingFromSettings(data: unknown): string[] {
  const rows = asList<SettingRow>(data)
  return missingOperatorDetails(readCompliance(new Map(rows.map((r) => [r.key, r.value]))))
}

const listed = (items: string[]) =>
  items.length === 1 ? (items[0] as string) : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`

/**
 * Warns while the footer of every public page cannot name the operator properly (company name and
 * number, registered address, ICO registration number, FCA details). Nothing while all are filled.
 */
export function OperatorDetailsWarning({ data, onOpen }: { data: unknown; onOpen?: () => void }) {
  const missing = missingFromSettings(data)
  if (asList(data).length === 0 || missing.length === 0) return null
  return (
    <div data-testid="operator-details-warning" className="grid gap-2">
      <Alert tone="warning">
        The footer of every public page and the visitor’s confirmation email should name the company that runs
        this site. Still missing: {listed(missing)}. Fill them in under Compliance → Firm.
      </Alert>
      {onOpen ? (
        <div>
          <Button variant="secondary" size="sm" onClick={onOpen}>
            Open Settings
          </Button>
        </div>
      ) : null}
    </div>
  )
}
