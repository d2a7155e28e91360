import { readCompliance } from '../compliance.ts'
import type { QuestionnaireDefinition } from './definition.ts'
import { specDefinition } from './spec-definition.ts'

/**
 * The SPEC set as the site showed it before versions: the estimates and date labels an operator set in the
 * compliance settings (ADR 0015) are folded in, so installing versions changes nothing visible.
 */
export function specDefinitionFromSettings(
  settings: ReadonlyMap<string, string | null>,
): QuestionnaireDefinition {
  const compliance = readCompliance(settings)
  return {
    ...specDefinition,
    questions: specDefinition.questions.map((q) =>
      q.id === 'purchaseDateRange'
        ? {
            ...q,
            options: q.options.map((o) => ({
              ...o,
              label: compliance.dateBandLabels[o.value as keyof typeof compliance.dateBandLabels] || o.label,
            })),
          }
        : q,
    ),
    estimate: {
      ...specDefinition.estimate,
      cells: specDefinition.estimate.cells.map((cell) => ({
        ...cell,
        amount: compliance.estimates[cell.values[0] as keyof typeof compliance.estimates] ?? cell.amount,
      })),
      fallback: compliance.fallbackEstimate,
    },
  }
}
