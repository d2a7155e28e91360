import { useEffect, useId, useState } from 'react'
import type { QuestionnaireDefinition } from '../../../../core/questionnaire/definition.ts'
import { initialQuestionnaire } from '../../../../core/questionnaire/state.ts'
import { Questionnaire } from '../../questionnaire/questionnaire.tsx'

/**
 * The public questionnaire itself, fed the draft's definition, at a phone's width: the operator
 * walks exactly what visitors will see. Only the lead form is left out (`preview`): nothing is sent.
 */
export function QuestionnairePreview({ definition }: { definition: QuestionnaireDefinition }) {
  const name = useId()
  // A changed definition starts the walk again: the old answers may not fit it.
  const [generation, setGeneration] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: restart on every new definition
  useEffect(() => setGeneration((g) => g + 1), [definition])
  return (
    <section aria-labelledby={`${name}-title`} className="grid grid-cols-1 gap-2">
      <h3 id={`${name}-title`} className="font-semibold text-navy-900 text-sm">
        Preview at phone width (375 px)
      </h3>
      <p className="text-slate-600 text-sm">Walk it as a visitor would. Nothing is sent from here.</p>
      <div className="w-[375px] max-w-full">
        <Questionnaire
          key={generation}
          questionnaire={{ id: 0, version: 0, definition }}
          initial={initialQuestionnaire}
          preview
        />
      </div>
    </section>
  )
}
