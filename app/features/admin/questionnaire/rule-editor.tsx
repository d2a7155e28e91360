import { Plus, Trash2 } from 'lucide-react'
import type { QuestionnaireDefinition, Rule } from '../../../../core/questionnaire/definition.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Input, Textarea } from '../../../components/ui/field.tsx'
import { ConditionEditor } from './condition-editor.tsx'
import { fieldId, removeItem, replaceItem } from './definition-edit.ts'
import { EditorCard, type Errors } from './editor-parts.tsx'
import { PathField } from './path-field.tsx'

/** The rule of a definition: when a visitor is eligible, and the guidance rules checked before it. */
export function RuleEditor({
  definition,
  errors,
  readOnly,
  onChange,
  onFocusPath,
}: {
  definition: QuestionnaireDefinition
  errors: Errors
  readOnly: boolean
  onChange: (rule: Rule) => void
  onFocusPath: (path: string) => void
}) {
  const rule = definition.rule
  return (
    <EditorCard title="Rule" description="Guidance rules are checked first, in order; then eligibility.">
      <ConditionEditor
        legend="Eligible when"
        path="rule.eligibleWhen"
        value={rule.eligibleWhen}
        onChange={(eligibleWhen) => onChange({ ...rule, eligibleWhen: eligibleWhen as never })}
        questions={definition.questions}
        emptyText="No condition yet: add one (a visitor is never eligible without it)."
        errors={errors('rule.eligibleWhen')}
        readOnly={readOnly}
      />
      <div id={fieldId('rule.guidance')} tabIndex={-1} className="grid gap-3">
        <h4 className="font-medium text-slate-800 text-sm">Guidance instead of a referral</h4>
        {rule.guidance.length === 0 ? <p className="text-slate-600 text-sm">No guidance rules.</p> : null}
        {rule.guidance.map((g, i) => {
          const at = `rule.guidance[${i}]`
          const setGuidance = (next: typeof g) =>
            onChange({ ...rule, guidance: replaceItem(rule.guidance, i, next) })
          return (
            <section
              // biome-ignore lint/suspicious/noArrayIndexKey: ids are edited, so the position is the identity
              key={i}
              id={fieldId(at)}
              tabIndex={-1}
              aria-label={`Guidance rule ${i + 1}`}
              className="grid min-w-0 gap-3 rounded-lg border border-slate-200 p-3"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h5 className="font-semibold text-navy-900 text-sm">Guidance rule {i + 1}</h5>
                {readOnly ? null : (
                  <Button
                    variant="destructive"
                    size="sm"
                    aria-label={`Remove guidance rule ${i + 1}`}
                    onClick={() => {
                      onChange({ ...rule, guidance: removeItem(rule.guidance, i) })
                      onFocusPath('rule.guidance')
                    }}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    Remove
                  </Button>
                )}
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <PathField path={`${at}.id`} label="Id" errors={errors(`${at}.id`)}>
                  {(c) => (
                    <Input
                      {...c}
                      className="font-mono"
                      value={g.id}
                      onChange={(e) => setGuidance({ ...g, id: e.target.value })}
                    />
                  )}
                </PathField>
                <PathField path={`${at}.title`} label="Title" errors={errors(`${at}.title`)}>
                  {(c) => (
                    <Input
                      {...c}
                      value={g.title}
                      onChange={(e) => setGuidance({ ...g, title: e.target.value })}
                    />
                  )}
                </PathField>
              </div>
              <PathField path={`${at}.text`} label="Text" errors={errors(`${at}.text`)}>
                {(c) => (
                  <Textarea
                    {...c}
                    rows={3}
                    value={g.text}
                    onChange={(e) => setGuidance({ ...g, text: e.target.value })}
                  />
                )}
              </PathField>
              <ConditionEditor
                legend={`Guidance rule ${i + 1} applies when`}
                path={`${at}.when`}
                value={g.when}
                onChange={(when) => setGuidance({ ...g, when: when as never })}
                questions={definition.questions}
                emptyText="No condition yet: add one."
                errors={errors(`${at}.when`)}
                readOnly={readOnly}
              />
            </section>
          )
        })}
        {readOnly ? null : (
          <Button
            variant="secondary"
            size="sm"
            className="justify-self-start"
            onClick={() => {
              const first = definition.questions[0]
              onChange({
                ...rule,
                guidance: [
                  ...rule.guidance,
                  {
                    id: `guidance-${rule.guidance.length + 1}`,
                    title: 'New guidance',
                    text: '',
                    when: {
                      question: first?.id ?? '',
                      in: first?.options[0] ? [first.options[0].value] : [],
                    },
                  },
                ],
              })
              onFocusPath(`rule.guidance[${rule.guidance.length}].title`)
            }}
          >
            <Plus className="size-4" aria-hidden="true" />
            Add guidance rule
          </Button>
        )}
      </div>
    </EditorCard>
  )
}
