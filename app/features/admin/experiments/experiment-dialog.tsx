import { Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import {
  type ExperimentInput,
  type ExperimentRecord,
  experimentCreateSchema,
  experimentGoals,
  goalLabels,
} from '../../../../core/schemas/experiments.ts'
import type { QuestionnaireVersionSummary } from '../../../../core/schemas/questionnaires.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field, Input, Select, Textarea } from '../../../components/ui/field.tsx'

type VariantForm = { name: string; weight: string; title: string; content: string; questionnaireId: string }
type Form = { name: string; path: string; goal: ExperimentInput['goal']; variants: VariantForm[] }

const blankVariant = (name: string): VariantForm => ({
  name,
  weight: '50',
  title: '',
  content: '',
  questionnaireId: '',
})

function formOf(row: ExperimentRecord | null): Form {
  if (!row) return { name: '', path: '/', goal: 'lead', variants: [blankVariant('A'), blankVariant('B')] }
  return {
    name: row.name,
    path: row.path,
    goal: row.goal,
    variants: row.variants.map((v) => ({
      name: v.name,
      weight: String(v.weight),
      title: v.title ?? '',
      content:
        v.content == null
          ? ''
          : typeof v.content === 'string'
            ? v.content
            : JSON.stringify(v.content, null, 2),
      questionnaireId: v.questionnaireId ? String(v.questionnaireId) : '',
    })),
  }
}

/** Builder content is JSON (an object); anything else is HTML. */
function contentOf(text: string): unknown {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  if (trimmed.startsWith('{')) {
    try {
      return JSON.parse(trimmed)
    } catch {
      return trimmed
    }
  }
  return trimmed
}

function bodyOf(form: Form, home: boolean) {
  return {
    name: form.name,
    path: form.path.trim(),
    goal: form.goal,
    variants: form.variants.map((v) => ({
      name: v.name,
      weight: Number(v.weight),
      title: v.title.trim() || undefined,
      content: home ? undefined : contentOf(v.content),
      questionnaireId: home && v.questionnaireId ? Number(v.questionnaireId) : undefined,
    })),
  }
}

/**
 * Create or edit a draft experiment: the page, the goal, and two to five variants with their
 * weights. A variant is a copy of the page: its title, and its content (a published page) or the
 * questionnaire version it shows (the home page); blank fields keep the page as it is.
 */
export function ExperimentDialog({
  open,
  editing,
  questionnaires,
  pending,
  error,
  onOpenChange,
  onSubmit,
}: {
  open: boolean
  editing: ExperimentRecord | null
  questionnaires: QuestionnaireVersionSummary[] | null
  pending: boolean
  error: string | null
  onOpenChange: (open: boolean) => void
  onSubmit: (body: unknown) => void
}) {
  const [form, setForm] = useState<Form>(() => formOf(editing))
  const [problem, setProblem] = useState<string | null>(null)
  const home = form.path.trim() === '/'
  const published = (questionnaires ?? []).filter((q) => q.status !== 'draft')
  const setVariant = (index: number, patch: Partial<VariantForm>) =>
    setForm((f) => ({ ...f, variants: f.variants.map((v, i) => (i === index ? { ...v, ...patch } : v)) }))

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Edit Experiment' : 'New Experiment'}
      description="Visitors are split by weight on the server, one variant per visitor per day, with nothing stored on their device."
      className="max-w-2xl"
    >
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          const body = bodyOf(form, home)
          const parsed = experimentCreateSchema.safeParse(body)
          if (!parsed.success) {
            setProblem(parsed.error.issues[0]?.message ?? 'Check the form')
            return
          }
          setProblem(null)
          onSubmit(body)
        }}
      >
        <Field label="Name" required>
          {(control) => (
            <Input
              {...control}
              value={form.name}
              onChange={(e) => setForm({ ...form, name: e.target.value })}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Page" required hint="The page's address: / for the home page, or /your-page">
            {(control) => (
              <Input
                {...control}
                className="font-mono"
                value={form.path}
                onChange={(e) => setForm({ ...form, path: e.target.value })}
              />
            )}
          </Field>
          <Field label="Goal" required>
            {(control) => (
              <Select
                {...control}
                value={form.goal}
                onChange={(e) => setForm({ ...form, goal: e.target.value as Form['goal'] })}
              >
                {experimentGoals.map((g) => (
                  <option key={g} value={g}>
                    {goalLabels[g]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>

        <fieldset className="grid gap-3">
          <legend className="font-semibold text-navy-900">Variants</legend>
          {form.variants.map((variant, index) => (
            <fieldset
              // biome-ignore lint/suspicious/noArrayIndexKey: variants are edited in place and have no id
              key={index}
              className="grid gap-3 rounded-lg border border-slate-200 p-3"
            >
              <legend className="px-1 font-medium text-slate-800 text-sm">{`Variant ${index + 1}`}</legend>
              <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
                <Field label="Variant name" required>
                  {(control) => (
                    <Input
                      {...control}
                      value={variant.name}
                      onChange={(e) => setVariant(index, { name: e.target.value })}
                    />
                  )}
                </Field>
                <Field label="Weight" required>
                  {(control) => (
                    <Input
                      {...control}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={100}
                      value={variant.weight}
                      onChange={(e) => setVariant(index, { weight: e.target.value })}
                    />
                  )}
                </Field>
              </div>
              <Field label="Page title" hint="Blank: the page's own title">
                {(control) => (
                  <Input
                    {...control}
                    value={variant.title}
                    onChange={(e) => setVariant(index, { title: e.target.value })}
                  />
                )}
              </Field>
              {home ? (
                <Field
                  label="Questionnaire version"
                  hint="Blank: the live version. Only published versions can be tested."
                >
                  {(control) =>
                    questionnaires ? (
                      <Select
                        {...control}
                        value={variant.questionnaireId}
                        onChange={(e) => setVariant(index, { questionnaireId: e.target.value })}
                      >
                        <option value="">The live version</option>
                        {published.map((q) => (
                          <option key={q.id} value={q.id}>
                            {`Version ${q.version}: ${q.name} (${q.status})`}
                          </option>
                        ))}
                      </Select>
                    ) : (
                      <Input
                        {...control}
                        type="number"
                        min={1}
                        value={variant.questionnaireId}
                        onChange={(e) => setVariant(index, { questionnaireId: e.target.value })}
                      />
                    )
                  }
                </Field>
              ) : (
                <Field label="Content" hint="HTML, or the page builder's JSON. Blank: the page as it is.">
                  {(control) => (
                    <Textarea
                      {...control}
                      rows={4}
                      className="font-mono text-xs"
                      value={variant.content}
                      onChange={(e) => setVariant(index, { content: e.target.value })}
                    />
                  )}
                </Field>
              )}
              {form.variants.length > 2 ? (
                <div>
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    onClick={() =>
                      setForm((f) => ({ ...f, variants: f.variants.filter((_, i) => i !== index) }))
                    }
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    {`Remove variant ${variant.name || index + 1}`}
                  </Button>
                </div>
              ) : null}
            </fieldset>
          ))}
          {form.variants.length < 5 ? (
            <div>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                onClick={() =>
                  setForm((f) => ({
                    ...f,
                    variants: [...f.variants, blankVariant(String.fromCharCode(65 + f.variants.length))],
                  }))
                }
              >
                <Plus className="size-4" aria-hidden="true" />
                Add variant
              </Button>
            </div>
          ) : null}
        </fieldset>

        {problem || error ? (
          <p role="alert" className="text-red-700 text-sm">
            {problem ?? error}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {editing ? 'Save Experiment' : 'Create Experiment'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
