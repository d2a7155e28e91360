import { ArrowLeft, Plus, Rocket, Save } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import type {
  Estimate,
  Question,
  QuestionnaireDefinition,
} from '../../../../core/questionnaire/definition.ts'
import { type Problem, parseDefinition } from '../../../../core/questionnaire/definition-schema.ts'
import type { QuestionnaireVersionView } from '../../../../core/schemas/questionnaires.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Input, Textarea } from '../../../components/ui/field.tsx'
import { apiRequest } from '../api.ts'
import { useAdminMutation } from '../use-admin-mutation.ts'
import { fieldId, moveItem, newQuestion, placeProblems, removeItem, replaceItem } from './definition-edit.ts'
import { EditorCard, type Errors, withOptional } from './editor-parts.tsx'
import { EstimateEditor } from './estimate-editor.tsx'
import { PathField } from './path-field.tsx'
import { QuestionEditor } from './question-editor.tsx'
import { QuestionnairePreview } from './questionnaire-preview.tsx'
import { RuleEditor } from './rule-editor.tsx'
import { QUESTIONNAIRES, StatusBadge, serverProblems } from './shared.tsx'

/**
 * A version's definition: editable for a draft (saved with "Save draft"), read-only for a
 * published one. Every change is checked at once with parseDefinition; each problem shows beside
 * its field and in a summary whose links move focus there. The preview walks the last valid state.
 */
export function QuestionnaireEditor({
  version,
  onClose,
  onPublish,
}: {
  version: QuestionnaireVersionView
  onClose: () => void
  onPublish: () => void
}) {
  const readOnly = version.status !== 'draft'
  const [definition, setDefinition] = useState<QuestionnaireDefinition>(version.definition)
  const [saved, setSaved] = useState(() => JSON.stringify(version.definition))
  const [fromServer, setFromServer] = useState<Problem[]>([])
  const [saveError, setSaveError] = useState<string | null>(null)
  const [confirmLeave, setConfirmLeave] = useState(false)
  const [focusPath, setFocusPath] = useState<string | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const summaryRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    headingRef.current?.focus()
  }, [])
  useEffect(() => {
    if (!focusPath) return
    document.getElementById(fieldId(focusPath))?.focus()
    setFocusPath(null)
  }, [focusPath])

  const parsed = useMemo(() => parseDefinition(definition), [definition])
  const lastValid = useRef<QuestionnaireDefinition | null>(parsed.ok ? parsed.definition : null)
  if (parsed.ok) lastValid.current = parsed.definition
  const problems = useMemo(() => {
    const own = parsed.ok ? [] : parsed.problems
    const extra = fromServer.filter((s) => !own.some((p) => p.path === s.path && p.message === s.message))
    return placeProblems([...own, ...extra], definition)
  }, [parsed, fromServer, definition])
  const errors: Errors = (anchor) => problems.filter((p) => p.anchor === anchor).map((p) => p.message)
  const dirty = JSON.stringify(definition) !== saved

  const change = (next: QuestionnaireDefinition) => {
    setFromServer([])
    setSaveError(null)
    setDefinition(next)
  }
  const setQuestions = (questions: Question[]) => change({ ...definition, questions })
  const setEstimate = (estimate: Estimate) => change({ ...definition, estimate })

  const save = useAdminMutation({
    request: (body: { name: string; definition: QuestionnaireDefinition }) =>
      apiRequest<QuestionnaireVersionView>('PUT', `${QUESTIONNAIRES}/${version.id}`, body),
    invalidate: [QUESTIONNAIRES],
    success: (row) => ({ title: 'Draft saved', description: `Version ${row.version} is saved as a draft.` }),
    failure: (e) => ({ title: 'The draft was not saved', description: serverProblems(e).message }),
  })

  const submit = (then?: () => void) => {
    if (problems.length > 0) {
      summaryRef.current?.focus()
      return
    }
    save.mutate(
      { name: definition.name, definition },
      {
        onSuccess: (row) => {
          setSaved(JSON.stringify(row.definition))
          setDefinition(row.definition)
          then?.()
        },
        onError: (e) => {
          const body = serverProblems(e)
          setFromServer(body.problems)
          setSaveError(body.message)
        },
      },
    )
  }

  const questionsBefore = (index: number) => definition.questions.slice(0, index)
  const title = `${readOnly ? 'Version' : 'Edit draft version'} ${version.version}`

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2
            ref={headingRef}
            tabIndex={-1}
            className="flex flex-wrap items-center gap-2 font-semibold text-lg text-navy-900"
          >
            {title}
            <StatusBadge status={version.status} />
          </h2>
          <p className="text-slate-600 text-sm">
            {readOnly
              ? 'A published version never changes: duplicate it to start a new draft.'
              : 'Changes are checked as you type. Save the draft, then publish it when it is ready.'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => (dirty && !readOnly ? setConfirmLeave(true) : onClose())}
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to versions
          </Button>
          {readOnly ? null : (
            <>
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  dirty ? submit(onPublish) : problems.length ? summaryRef.current?.focus() : onPublish()
                }
              >
                <Rocket className="size-4" aria-hidden="true" />
                Publish…
              </Button>
              <Button size="sm" onClick={() => submit()} disabled={save.isPending} aria-busy={save.isPending}>
                <Save className="size-4" aria-hidden="true" />
                {save.isPending ? 'Saving...' : 'Save draft'}
              </Button>
            </>
          )}
        </div>
      </div>

      <p role="status" className="sr-only">
        {readOnly
          ? ''
          : problems.length === 0
            ? ''
            : `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} to fix`}
      </p>
      {!readOnly && dirty ? <p className="text-amber-900 text-sm">Unsaved changes</p> : null}
      {saveError && fromServer.length === 0 ? <Alert>{saveError}</Alert> : null}
      {problems.length > 0 && !readOnly ? (
        <section
          aria-labelledby="questionnaire-problems"
          className="rounded-xl border-2 border-red-700 bg-red-50 p-4"
        >
          <h3
            id="questionnaire-problems"
            ref={summaryRef}
            tabIndex={-1}
            className="font-semibold text-red-900"
          >
            {problems.length} {problems.length === 1 ? 'problem' : 'problems'} to fix before saving
          </h3>
          <ul className="mt-2 grid list-disc gap-1 pl-5 text-sm">
            {problems.map((p) => (
              <li key={`${p.path}:${p.message}`}>
                <a
                  href={`#${fieldId(p.anchor)}`}
                  className="text-red-900 underline"
                  onClick={(event) => {
                    event.preventDefault()
                    setFocusPath(p.anchor)
                  }}
                >
                  {p.message}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_400px]">
        <fieldset disabled={readOnly} className="grid min-w-0 gap-6">
          <legend className="sr-only">{title}</legend>
          <EditorCard title="About this version">
            <PathField
              path="name"
              label="Name"
              hint="For the operator only; visitors never see it."
              errors={errors('name')}
            >
              {(c) => (
                <Input
                  {...c}
                  value={definition.name}
                  onChange={(e) => change({ ...definition, name: e.target.value })}
                />
              )}
            </PathField>
            <PathField
              path="operatorNotes"
              label="Operator notes"
              hint="What to check before publishing, where the facts came from. Not shown to visitors."
              errors={errors('operatorNotes')}
            >
              {(c) => (
                <Textarea
                  {...c}
                  rows={3}
                  value={definition.operatorNotes ?? ''}
                  onChange={(e) => change(withOptional(definition, 'operatorNotes', e.target.value))}
                />
              )}
            </PathField>
          </EditorCard>

          <EditorCard title="Questions" id={fieldId('questions')} errors={errors('questions')}>
            {definition.questions.map((q, i) => (
              <QuestionEditor
                // biome-ignore lint/suspicious/noArrayIndexKey: ids are edited, so the position is the identity
                key={i}
                index={i}
                count={definition.questions.length}
                question={q}
                earlier={questionsBefore(i)}
                guidance={definition.rule.guidance}
                errors={errors}
                readOnly={readOnly}
                onChange={(next) => setQuestions(replaceItem(definition.questions, i, next))}
                onMove={(delta) => {
                  setQuestions(moveItem(definition.questions, i, delta))
                  setFocusPath(`questions[${i + delta}]`)
                }}
                onRemove={() => {
                  setQuestions(removeItem(definition.questions, i))
                  setFocusPath(i > 0 ? `questions[${i - 1}]` : 'questions')
                }}
                onFocusPath={setFocusPath}
              />
            ))}
            {readOnly ? null : (
              <Button
                variant="secondary"
                size="sm"
                className="justify-self-start"
                onClick={() => {
                  setQuestions([...definition.questions, newQuestion(definition)])
                  setFocusPath(`questions[${definition.questions.length}].title`)
                }}
              >
                <Plus className="size-4" aria-hidden="true" />
                Add question
              </Button>
            )}
          </EditorCard>

          <RuleEditor
            definition={definition}
            errors={errors}
            readOnly={readOnly}
            onChange={(rule) => change({ ...definition, rule })}
            onFocusPath={setFocusPath}
          />

          <EstimateEditor definition={definition} errors={errors} onChange={setEstimate} />
        </fieldset>

        <div className="min-w-0 lg:sticky lg:top-4 lg:self-start">
          {lastValid.current ? (
            <QuestionnairePreview definition={lastValid.current} />
          ) : (
            <p className="text-slate-600 text-sm">
              The preview appears once the questionnaire has no problems.
            </p>
          )}
          {!parsed.ok && lastValid.current ? (
            <p className="mt-2 text-amber-900 text-xs">The preview shows the last state without problems.</p>
          ) : null}
        </div>
      </div>

      <ConfirmDialog
        open={confirmLeave}
        onOpenChange={setConfirmLeave}
        title="Discard unsaved changes?"
        description="Your changes to this draft since it was last saved will be lost."
        confirmLabel="Discard changes"
        onConfirm={() => {
          setConfirmLeave(false)
          onClose()
        }}
      />
    </div>
  )
}
