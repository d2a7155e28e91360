import { BookmarkPlus, CopyPlus, Trash2 } from 'lucide-react'
import { type Dispatch, type FormEvent, useId, useState } from 'react'
import type { Section } from '../../../../core/page-content.ts'
import { type SavedSection, savedSectionCreateSchema } from '../../../../core/schemas/saved-sections.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { apiRequest } from '../api.ts'
import { LoadError } from '../load-error.tsx'
import { serverMessage, useAdminMutation } from '../use-admin-mutation.ts'
import { useList } from '../use-list.ts'
import type { BuilderAction } from './builder-state.ts'

export const SAVED_SECTIONS = '/api/admin/saved-sections'

/**
 * The Sections tab's reusable sections: save the selected section under a name, and insert a copy
 * of a saved one after the selected section (or at the end). Inserted copies get fresh ids
 * (builder-state.ts, insertSection), so one saved section can go into a page many times.
 */
export function SavedSections({
  sections,
  selectedSectionId,
  sectionName,
  dispatch,
}: {
  sections: Section[]
  selectedSectionId: string | null
  sectionName: (section: Section) => string
  dispatch: Dispatch<BuilderAction>
}) {
  const { rows, error, isLoading } = useList<SavedSection>(SAVED_SECTIONS)
  const [saving, setSaving] = useState(false)
  const [doomed, setDoomed] = useState<SavedSection | null>(null)
  const [status, setStatus] = useState('')
  const headingId = useId()
  const selected = sections.find((s) => s.id === selectedSectionId) ?? null

  const remove = useAdminMutation({
    request: (id: number) => apiRequest('DELETE', `${SAVED_SECTIONS}/${id}`),
    invalidate: [SAVED_SECTIONS],
    success: () => ({ title: 'Saved section deleted' }),
    failure: (e) => ({
      title: 'Error deleting saved section',
      description: serverMessage(e) ?? 'Failed to delete the saved section',
    }),
  })

  const insert = (saved: SavedSection) => {
    const after = sections.findIndex((s) => s.id === selectedSectionId)
    dispatch({ type: 'insertSection', section: saved.section, afterSectionId: selectedSectionId })
    setStatus(`${saved.name} inserted as Section ${after >= 0 ? after + 2 : sections.length + 1}`)
  }

  return (
    <section aria-labelledby={headingId} className="mt-2 grid gap-2 border-slate-200 border-t pt-3">
      {selected ? (
        <div className="grid gap-1">
          <Button
            variant="secondary"
            size="sm"
            disabled={selected.widgets.length === 0}
            aria-describedby={selected.widgets.length === 0 ? `${headingId}-empty` : undefined}
            onClick={() => setSaving(true)}
          >
            <BookmarkPlus className="size-4" aria-hidden="true" />
            Save as reusable section
          </Button>
          {selected.widgets.length === 0 ? (
            <p id={`${headingId}-empty`} className="text-slate-600 text-xs">
              Add a widget to {sectionName(selected)} to save it.
            </p>
          ) : null}
        </div>
      ) : null}
      <h3 id={headingId} className="font-semibold text-slate-500 text-xs uppercase tracking-wide">
        Saved sections
      </h3>
      <LoadError error={error} />
      {rows.length ? (
        <ul className="grid gap-1.5">
          {rows.map((saved) => (
            <li key={saved.id} className="flex items-center gap-1 rounded-md border border-slate-200 p-1.5">
              <span className="min-w-0 flex-1 truncate text-sm" title={saved.name}>
                {saved.name}
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Insert ${saved.name}`}
                onClick={() => insert(saved)}
              >
                <CopyPlus className="size-4" aria-hidden="true" />
                Insert
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Delete saved section ${saved.name}`}
                onClick={() => setDoomed(saved)}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-600 text-xs">
          {isLoading ? 'Loading…' : 'None yet. Select a section and save it to reuse it on any page.'}
        </p>
      )}
      <p role="status" className="sr-only">
        {status}
      </p>
      <SaveSectionDialog
        open={saving && selected !== null}
        section={selected}
        sectionLabel={selected ? sectionName(selected) : ''}
        onClose={() => setSaving(false)}
        onSaved={(saved) => setStatus(`${saved.name} saved`)}
      />
      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(open) => !open && setDoomed(null)}
        title="Delete saved section?"
        description={
          doomed
            ? `"${doomed.name}" will no longer be offered. Pages it was inserted into keep their copies.`
            : ''
        }
        confirmLabel="Delete saved section"
        pending={remove.isPending}
        onConfirm={() => {
          if (!doomed) return
          remove.mutate(doomed.id, { onSettled: () => setDoomed(null) })
        }}
      />
    </section>
  )
}

function SaveSectionDialog({
  open,
  section,
  sectionLabel,
  onClose,
  onSaved,
}: {
  open: boolean
  section: Section | null
  sectionLabel: string
  onClose: () => void
  onSaved: (saved: SavedSection) => void
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Save as reusable section"
      description={`${sectionLabel} with its widgets and styles, to insert into any page.`}
    >
      {section ? <SaveSectionForm section={section} onClose={onClose} onSaved={onSaved} /> : null}
    </Dialog>
  )
}

function SaveSectionForm({
  section,
  onClose,
  onSaved,
}: {
  section: Section
  onClose: () => void
  onSaved: (saved: SavedSection) => void
}) {
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const save = useAdminMutation({
    request: (body: unknown) => apiRequest<SavedSection>('POST', SAVED_SECTIONS, body),
    invalidate: [SAVED_SECTIONS],
    success: (saved) => ({
      title: 'Section saved',
      description: `"${saved.name}" can now be inserted into any page`,
    }),
    failure: (e) => ({
      title: 'Error saving section',
      description: serverMessage(e) ?? 'Failed to save the section',
    }),
  })

  const submit = (event: FormEvent) => {
    // The builder sits inside the page editor: the submit must not reach anything around it.
    event.preventDefault()
    event.stopPropagation()
    const parsed = savedSectionCreateSchema.safeParse({
      name,
      section: { styles: section.styles, widgets: section.widgets },
    })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'This section cannot be saved')
      return
    }
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        onSaved(saved)
        onClose()
      },
      onError: (e) => setError(serverMessage(e) ?? 'Failed to save the section'),
    })
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <Field label="Section name" required error={error} hint="Shown in the Saved sections list.">
        {(control) => (
          <Input
            {...control}
            value={name}
            maxLength={100}
            required
            autoFocus
            onChange={(e) => {
              setName(e.target.value)
              setError(null)
            }}
          />
        )}
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save section'}
        </Button>
      </div>
    </form>
  )
}
