import type { CSSProperties } from 'react'
import type { Compliance } from '../../../core/compliance-statements.ts'
import type { Recipients } from '../../../core/lead-form-rules.ts'
import type { RenderedSection, WidgetStyles } from '../../../core/page-content.ts'
import { safeStyles } from '../../../core/page-styles.ts'
import { specDefinition } from '../../../core/questionnaire/spec-definition.ts'
import { Island } from '../../islands/island.tsx'
import { Questionnaire } from '../questionnaire/questionnaire.tsx'
import { initialQuestionnaire, type ShownQuestionnaire } from '../questionnaire/questionnaire-state.ts'

const SPEC_PREVIEW: ShownQuestionnaire = { id: 0, version: 0, definition: specDefinition }

/** Valid styles only, as a React style object (the server's `styleAttribute` applies the same rule). */
export function styleObject(styles: WidgetStyles | null): CSSProperties | undefined {
  if (!styles) return undefined
  const s = safeStyles(styles)
  return {
    fontSize: s.fontSize,
    fontWeight: s.fontWeight as CSSProperties['fontWeight'],
    color: s.color ?? s.textColor,
    backgroundColor: s.backgroundColor,
    margin: s.margin,
    padding: s.padding,
    borderWidth: s.borderWidth,
    borderStyle: s.borderWidth ? 'solid' : undefined,
    borderColor: s.borderColor,
    borderRadius: s.borderRadius,
    textAlign: s.textAlign as CSSProperties['textAlign'],
  }
}

export const contentClasses =
  'prose-content space-y-4 text-slate-800 leading-relaxed [&_a]:text-teal-800 [&_a]:underline [&_h2]:mt-8 [&_h2]:font-bold [&_h2]:text-2xl [&_h2]:text-navy-900 [&_h3]:font-semibold [&_h3]:text-navy-900 [&_h3]:text-xl [&_iframe]:aspect-video [&_iframe]:w-full [&_img]:h-auto [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_video]:w-full'

/**
 * A page's rendered content (server/pages/content.server.ts): sanitised HTML, and the real
 * questionnaire and lead form wherever the editor placed a contact-form widget. The public page and
 * the editor's Preview both render through this, so what the editor sees is what the public gets.
 */
export function PageSections({
  sections,
  recipients,
  compliance,
  questionnaire,
}: {
  sections: RenderedSection[]
  recipients?: Recipients
  compliance?: Compliance
  /** The live version (the site snapshot's); the admin's preview, which has none, shows the SPEC set. */
  questionnaire?: ShownQuestionnaire
}) {
  const shown = questionnaire ?? SPEC_PREVIEW
  return (
    <div className={contentClasses}>
      {sections.map((section) => {
        const parts = section.parts.map((part, i) =>
          'html' in part ? (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reorder
              key={i}
              className="space-y-4"
              // Sanitised on the server against an allow list (server/pages/content.server.ts).
              // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
              dangerouslySetInnerHTML={{ __html: part.html }}
            />
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reorder
            <div key={i} className="rounded-xl bg-slate-50 p-4 sm:p-6" style={styleObject(part.form.styles)}>
              {part.form.title ? <h2 className="!mt-0 mb-4">{part.form.title}</h2> : null}
              <Island
                name="questionnaire"
                component={Questionnaire}
                dataProp="questionnaire"
                props={{ questionnaire: shown, initial: initialQuestionnaire, recipients, compliance }}
              />
            </div>
          ),
        )
        return section.styles === null ? (
          <div key={section.id}>{parts}</div>
        ) : (
          <section key={section.id} className="space-y-4" style={styleObject(section.styles)}>
            {parts}
          </section>
        )
      })}
    </div>
  )
}
