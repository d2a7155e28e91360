import { policyModel } from '../../../core/blocks/policy.ts'
import { Island } from '../../islands/island.tsx'
import { CookiePreferencesButton } from '../cookie-consent/cookie-preferences-button.tsx'
import { CountingChoice } from '../cookie-consent/counting-choice.tsx'
import { useBlockContext } from './block-context.tsx'
import { defineBlock } from './define-block.ts'
import { RichHtml } from './text.tsx'

const bodyClasses =
  'space-y-4 [&_a]:rounded-sm [&_a]:text-teal-700 [&_a]:underline [&_a]:underline-offset-2 [&_h3]:font-semibold [&_h3]:text-lg [&_h3]:text-slate-900 [&_h3]:leading-snug [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-5 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5 [&_table]:w-full [&_table]:text-left [&_table]:text-sm [&_td]:border-slate-200 [&_td]:border-t [&_td]:py-2 [&_td]:pr-3 [&_td]:align-top [&_th]:py-2 [&_th]:pr-3 [&_th]:font-semibold [&_th]:text-slate-900 [&_code]:break-all [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-sm [&_code]:text-slate-900'

/**
 * A policy's sections, each at its anchor; the cookie policy's carry the preferences button and
 * the "Don't count my visits" form (docs/decisions/0077-objecting-to-counting.md).
 */
export const policyBlock = defineBlock(policyModel, function PolicyBlock({ content }) {
  const { countingChoice = null } = useBlockContext()
  return (
    <div className="max-w-prose space-y-10 text-base leading-relaxed text-slate-700">
      {content.sections.map((section, index) => (
        <section key={section.anchor} aria-labelledby={section.anchor} className="space-y-4">
          <h2
            id={section.anchor}
            className="scroll-mt-24 font-semibold text-slate-900 text-xl leading-snug sm:text-2xl"
          >
            {content.numbered === 'yes' ? `${index + 1}. ${section.title}` : section.title}
          </h2>
          <div className={bodyClasses}>
            <RichHtml html={section.body} lead={false} />
          </div>
          {section.action === 'cookie-preferences' ? (
            <CookiePreferencesButton className="inline-flex min-h-11 items-center rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700">
              Cookie Preferences
            </CookiePreferencesButton>
          ) : null}
          {section.action === 'counting-choice' ? (
            <Island
              name="counting-choice"
              component={CountingChoice}
              props={{ choice: countingChoice, returnTo: '/cookie-policy' }}
            />
          ) : null}
        </section>
      ))}
    </div>
  )
})
