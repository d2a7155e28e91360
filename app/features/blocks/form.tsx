import { Island } from '../../islands/island.tsx'
import { Questionnaire } from '../questionnaire/questionnaire.tsx'
import { initialQuestionnaire } from '../questionnaire/questionnaire-state.ts'
import { useBlockContext } from './block-context.tsx'
import { allStyles, defineBlock } from './define-block.ts'
import { str } from './reading.ts'

export const formBlock = defineBlock({
  type: 'form',
  label: 'Contact Form',
  category: 'Forms',
  defaults: { content: { title: 'Check your claim' }, styles: {} },
  read: (raw) => ({ title: str(raw.title, 'Check your claim') }),
  fields: [{ kind: 'text', key: 'title', label: 'Form title' }],
  styles: allStyles,
  // The real questionnaire and lead form: an island on the site, the same component in the canvas.
  Component: function FormBlock({ content, style }) {
    const { questionnaire, recipients, compliance } = useBlockContext()
    return (
      <div className="rounded-xl bg-slate-50 p-4 sm:p-6" style={style}>
        {content.title ? <h2 className="!mt-0 mb-4">{content.title}</h2> : null}
        <Island
          name="questionnaire"
          component={Questionnaire}
          dataProp="questionnaire"
          props={{ questionnaire, initial: initialQuestionnaire, recipients, compliance }}
        />
      </div>
    )
  },
})
