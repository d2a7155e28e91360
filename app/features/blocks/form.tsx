import { formModel } from '../../../core/blocks/form.ts'
import { initialQuestionnaire } from '../../../core/questionnaire/state.ts'
import { Island } from '../../islands/island.tsx'
import { Questionnaire } from '../questionnaire/questionnaire.tsx'
import { useBlockContext } from './block-context.tsx'
import { defineBlock } from './define-block.ts'

/** The real questionnaire and lead form: an island on the site, the same markup on the canvas. */
export const formBlock = defineBlock(formModel, function FormBlock({ content, style }) {
  const { questionnaire, consent, compliance } = useBlockContext()
  return (
    <div className="rounded-xl bg-slate-50 p-4 sm:p-6" style={style}>
      {content.title ? <h2 className="!mt-0 mb-4">{content.title}</h2> : null}
      <Island
        name="questionnaire"
        component={Questionnaire}
        dataProp="questionnaire"
        props={{ questionnaire, initial: initialQuestionnaire, consent, compliance }}
      />
    </div>
  )
})
