import { useQuery } from '@tanstack/react-query'
import { ExternalLink, LayoutTemplate, Plus, RotateCcw, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { takesEnquiries, toBuilderContent } from '../../../../core/experiments/convertible.ts'
import type { BuilderContent } from '../../../../core/page-content.ts'
import {
  type ExperimentInput,
  type ExperimentRecord,
  experimentCreateSchema,
  experimentGoals,
  goalLabels,
} from '../../../../core/schemas/experiments.ts'
import type { PageListItem, PageRecord } from '../../../../core/schemas/pages.ts'
import type { QuestionnaireVersionSummary } from '../../../../core/schemas/questionnaires.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field, Input, Select } from '../../../components/ui/field.tsx'
import { openPreview } from '../preview-link.ts'
import { useList } from '../use-list.ts'
import { VariantBuilderDialog } from './variant-builder.tsx'

/** `content`: the variant's own copy of the page (builder blocks, or HTML typed before the builder); null: the page as it is. */
type VariantForm = { name: string; weight: string; title: string; content: unknown; questionnaireId: string }
type Form = { name: string; path: string; goal: ExperimentInput['goal']; variants: VariantForm[] }

const blankVariant = (name: string): VariantForm => ({
  name,
  weight: '50',
  title: '',
  content: null,
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
      content: v.content ?? null,
      questionnaireId: v.questionnaireId ? String(v.questionnaireId) : '',
    })),
  }
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
      content: v.content == null ? undefined : v.content,
      questionnaireId: home && v.questionnaireId ? Number(v.questionnaireId) : undefined,
    })),
  }
}

/**
 * Create or edit a draft experiment: the page, the goal, and two to five variants with their
 * weights. A variant is a copy of the page: its title, its content (any block of it) and, on the
 * home page, the questionnaire version it shows; blank fields keep the page as it is.
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
  const [building, setBuilding] = useState<number | null>(null)
  const home = form.path.trim() === '/'
  const page = usePageAt(form.path.trim() || null)
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
              ) : null}
              <VariantContent
                variant={variant}
                pageContent={page?.content}
                saved={
                  !home && editing?.variants.some((v) => v.name === variant.name)
                    ? `/api/admin/experiments/${editing.id}/variants/${encodeURIComponent(variant.name)}/preview-links`
                    : null
                }
                onEdit={() => setBuilding(index)}
                onReset={() => setVariant(index, { content: null })}
              />
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
      {building !== null && form.variants[building] ? (
        <VariantBuilderDialog
          variantName={form.variants[building].name || String(building + 1)}
          initial={toBuilderContent(form.variants[building].content ?? page?.content ?? '')}
          onApply={(content) => setVariant(building, { content })}
          onClose={() => setBuilding(null)}
        />
      ) : null}
    </Dialog>
  )
}

/** The page at a public path (`/guide`), to copy its blocks into a variant; undefined until known. */
function usePageAt(path: string | null): PageRecord | undefined {
  const { rows } = useList<PageListItem>('/api/admin/pages', path !== null)
  const slug = path === '/' ? 'home' : path?.slice(1)
  const id = path ? rows.find((p) => p.slug === slug)?.id : undefined
  return useQuery<PageRecord>({ queryKey: [`/api/admin/pages/${id}`], enabled: id !== undefined }).data
}

/**
 * What a variant shows instead of the page: the page as it is, or its own copy edited in the
 * builder. Warns when it holds no contact form (no questionnaire or lead form: it cannot convert).
 */
function VariantContent({
  variant,
  pageContent,
  saved,
  onEdit,
  onReset,
}: {
  variant: VariantForm
  pageContent: unknown
  /** The variant's preview-links endpoint once it is saved under this name. */
  saved: string | null
  onEdit: () => void
  onReset: () => void
}) {
  const own = variant.content != null
  const html = typeof variant.content === 'string'
  const known = own || pageContent !== undefined
  const converts = takesEnquiries(variant.content ?? pageContent)
  return (
    <div className="grid gap-2">
      <p className="font-medium text-slate-800 text-sm">Content</p>
      <p className="text-slate-600 text-sm">
        {!own
          ? 'The page as it is.'
          : html
            ? 'Its own HTML (typed before the builder). Editing it in the builder turns it into blocks.'
            : `Its own copy of the page: ${blockCount(variant.content as BuilderContent)} blocks.`}
      </p>
      {known && !converts ? (
        <p className="rounded-lg bg-amber-50 p-2 text-amber-900 text-sm">
          No questionnaire or lead form: this variant could never convert. Add a Contact Form block.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={onEdit}>
          <LayoutTemplate className="size-4" aria-hidden="true" />
          {`Edit variant ${variant.name} in builder`}
        </Button>
        {own ? (
          <Button type="button" variant="secondary" size="sm" onClick={onReset}>
            <RotateCcw className="size-4" aria-hidden="true" />
            Use the page as it is
          </Button>
        ) : null}
        {saved ? (
          <Button
            type="button"
            variant="secondary"
            size="sm"
            title="Opens the variant as saved: save the experiment to preview your changes"
            onClick={() => void openPreview(saved)}
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            {`Preview variant ${variant.name}`}
          </Button>
        ) : null}
      </div>
    </div>
  )
}

function blockCount(content: BuilderContent): number {
  return toBuilderContent(content).sections.reduce((n, s) => n + s.widgets.length, 0)
}
