import { settingDefinition } from '../../../../core/settings.ts'
import { factPlaceholder, readFacts, siteFacts } from '../../../../core/site-facts.ts'
import { settingField } from './setting-fields.ts'
import { type FieldGroup, SettingsCard, type Values } from './settings-card.tsx'

/** Each fact's setting, with the placeholder that shows it (core/site-facts.ts). */
export const siteFactGroups: FieldGroup[] = [
  {
    legend: 'Facts',
    description:
      'Type a fact’s placeholder (or pick it with “Insert fact” in the page builder) in any block, questionnaire text or page title; every page shows the value saved here at once.',
    fields: siteFacts.map((fact) => {
      const definition = settingDefinition(fact.setting)
      if (!definition) throw new Error(`The fact ${fact.key} reads no setting`)
      return {
        ...settingField(definition),
        label: fact.label,
        hint: `${fact.description} Placeholder: ${factPlaceholder(fact.key)}`,
      }
    }),
  },
]

function CurrentValues({ values }: { values: Values }) {
  const facts = readFacts(new Map(Object.entries(values)))
  return (
    <section aria-label="Facts as pages show them" className="rounded-lg bg-slate-50 p-4 text-sm">
      <h3 className="font-semibold text-navy-900">As pages show them</h3>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {siteFacts.map((fact) => (
          <div key={fact.key} className="contents">
            <dt className="font-mono text-slate-700">{factPlaceholder(fact.key)}</dt>
            <dd className="text-slate-900">
              {facts[fact.key] || <em className="text-slate-600">(empty)</em>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** The site facts: values pages and the questionnaire show through `{{fact.key}}` (ADR 0076). */
export function SiteFactsCard({ data, isLoading }: { data: unknown; isLoading: boolean }) {
  return (
    <SettingsCard
      title="Site facts"
      description="Figures and wording used across pages and the questionnaire: change one here and every page follows."
      groups={siteFactGroups}
      data={data}
      isLoading={isLoading}
      saveLabel="Save Site Facts"
      footer={(values) => <CurrentValues values={values} />}
    />
  )
}
