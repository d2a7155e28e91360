import type { ReactNode } from 'react'
import { useState } from 'react'
import { apiRequest } from '../api.ts'
import { serverMessage, useAdminMutation } from '../use-admin-mutation.ts'
import { useList } from '../use-list.ts'

type ToastText = { title: string; description?: ReactNode }

const capitalised = (noun: string) => `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`

/**
 * One admin resource's list and its changes: the rows, `save` (POST without an id, PUT with one),
 * `remove` and `toggle` for isActive. Each change refetches the list and says how it went in a
 * toast, in the server's words when it refused.
 */
export function useResource<Row extends { id: number }, Body extends object, Saved = Row>({
  url,
  item = (id) => `${url}/${id}`,
  noun,
  created,
  updated,
  invalidate = [],
}: {
  /** The collection, e.g. /api/admin/scripts. */
  url: string
  /** One record's address, when it is not under the collection (a buyer's contracts). */
  item?: (id: number) => string
  /** Lower case, in messages: "script" → "Script created", "Failed to delete script". */
  noun: string
  created?: (saved: Saved) => ToastText
  updated?: (saved: Saved, body: Partial<Body>) => ToastText
  /** Other lists a change shows in. */
  invalidate?: string[]
}) {
  const { rows, error, isLoading } = useList<Row>(url)
  const Noun = capitalised(noun)
  const failed = (verb: string) => (e: unknown) => ({
    title: 'Error',
    description: serverMessage(e) ?? `Failed to ${verb} ${noun}. Please try again.`,
  })

  const save = useAdminMutation({
    request: ({ id, body }: { id: number | null; body: Partial<Body> }) =>
      id === null ? apiRequest<Saved>('POST', url, body) : apiRequest<Saved>('PUT', item(id), body),
    invalidate: [url, ...invalidate],
    success: (saved, { id, body }) =>
      id === null
        ? (created?.(saved) ?? { title: `${Noun} created` })
        : (updated?.(saved, body) ?? { title: `${Noun} updated` }),
    failure: (e, { id }) => failed(id === null ? 'create' : 'update')(e),
  })
  const remove = useAdminMutation({
    request: (id: number) => apiRequest('DELETE', item(id)),
    invalidate: [url, ...invalidate],
    success: () => ({ title: `${Noun} deleted` }),
    failure: failed('delete'),
  })
  const toggle = (row: Row, isActive: boolean, onSaved?: (saved: Saved) => void) =>
    save.mutate(
      { id: row.id, body: { isActive } as unknown as Partial<Body> },
      onSaved ? { onSuccess: onSaved } : undefined,
    )

  /** Saves the editor's record: on success the form goes back to a new one, on refusal it says why. */
  const submit = (
    editor: Pick<ResourceEditor<Row, unknown>, 'editing' | 'reset' | 'setFormError'>,
    body: Partial<Body>,
    onSaved?: (saved: Saved) => void,
  ) => {
    editor.setFormError(null)
    save.mutate(
      { id: editor.editing?.id ?? null, body },
      {
        onSuccess: (saved) => {
          editor.reset()
          onSaved?.(saved)
        },
        // The form keeps what was typed, and says what the server refused.
        onError: (e) => editor.setFormError(serverMessage(e) ?? `The ${noun} could not be saved`),
      },
    )
  }

  return { rows, error, isLoading, save, remove, toggle, submit }
}

/**
 * The state of a resource's form (in a dialog or on the page) and its delete confirmation: which
 * row is being edited, what was typed, the server's refusal, the row about to be deleted.
 */
export function useResourceEditor<Row, Form>({
  empty,
  fromRow,
}: {
  /** A new record's form; called each time, so it may generate values (a secret). */
  empty: () => Form
  fromRow: (row: Row) => Form
}) {
  const [open, setOpen] = useState(false)
  const [editing, setEditing] = useState<Row | null>(null)
  const [form, setForm] = useState<Form>(empty)
  const [formError, setFormError] = useState<string | null>(null)
  const [doomed, setDoomed] = useState<Row | null>(null)

  return {
    open,
    setOpen,
    editing,
    form,
    setForm,
    formError,
    setFormError,
    doomed,
    setDoomed,
    startCreate: () => {
      setEditing(null)
      setForm(empty())
      setFormError(null)
      setOpen(true)
    },
    startEdit: (row: Row) => {
      setEditing(row)
      setForm(fromRow(row))
      setFormError(null)
      setOpen(true)
    },
    /** Back to a new record's form, closed (after a save or a cancel). */
    reset: () => {
      setEditing(null)
      setForm(empty())
      setFormError(null)
      setOpen(false)
    },
  }
}

export type ResourceEditor<Row, Form> = ReturnType<typeof useResourceEditor<Row, Form>>
