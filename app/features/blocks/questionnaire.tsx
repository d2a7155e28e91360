import { questionnaireModel } from '../../../core/blocks/questionnaire.ts'
import { initialQuestionnaire } from '../../../core/questionnaire/state.ts'
import { Island } from '../../islands/island.tsx'
import { Questionnaire } from '../questionnaire/questionnaire.tsx'
import { useBlockContext } from './block-context.tsx'
import { defineBlock } from './define-block.ts'

const NUMBER_WORDS = ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten']

/** "Four quick questions." for the SPEC set; at most, as conditions may skip some. */
export function quickQuestions(count: number): string {
  if (count === 1) return 'One quick question.'
  return `${NUMBER_WORDS[count - 1] ?? count} quick questions.`
}

/** The live questionnaire and lead form (an island), as the home page's eligibility section. */
export const questionnaireBlock = defineBlock(
  questionnaireModel,
  function QuestionnaireBlock({ id, content, style }) {
    const { questionnaire, consent, compliance, questionnaireState: visit } = useBlockContext()
    const titleId = `${content.anchor || id}-title`
    return (
      <section
        id={content.anchor}
        tabIndex={-1}
        className="scroll-mt-16 bg-slate-50 pt-5 pb-10 sm:py-16"
        aria-labelledby={titleId}
        style={style}
      >
        <div className="mx-auto max-w-2xl px-4">
          <h2 id={titleId} className="font-bold text-navy-900 text-xl sm:text-3xl">
            {content.heading}
          </h2>
          <p className="mt-1 mb-4 text-slate-700 sm:mt-2 sm:mb-6">
            {quickQuestions(questionnaire.definition.questions.length)}
            {content.text ? ` ${content.text}` : null}
          </p>
          <Island
            name="questionnaire"
            component={Questionnaire}
            dataProp="questionnaire"
            props={{
              questionnaire,
              initial: visit?.initial ?? initialQuestionnaire,
              initialError: visit?.initialError,
              leadFeedback: visit?.leadFeedback,
              consent,
              attribution: visit?.attribution,
              startedAt: visit?.startedAt,
              compliance,
            }}
          />
        </div>
      </section>
    )
  },
  ' > section',
)
