import { type ReactNode, useEffect, useRef, useState } from 'react'
import type { SettingRow } from '../../../../core/schemas/settings.ts'
import { settingValueError } from '../../../../core/settings.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { Field, Input, Textarea } from '../../../components/ui/field.tsx'
import { cn } from '../../../lib/cn.ts'
import { apiRequest, asList } from '../api.ts'
import { useAdminMutation } from '../use-admin-mutation.ts'

export const SETTINGS = '/api/admin/settings'

export type SettingField = {
  key: string
  label: string
  hint?: string
  multiline?: boolean
  monospace?: boolean
  /** Full width on wide screens (multi-line fields always are). */
  wide?: boolean
  type?: 'text' | 'url' | 'email'
  inputMode?: 'url' | 'numeric' | 'decimal' | 'email'
  /** Shown (and in force) while the setting is unset or empty. */
  defaultValue?: string
}

export type FieldGroup = { legend?: string; description?: string; fields: readonly SettingField[] }

export type Values = Record<string, string>

/** The stored value of each field, or its default while unset or empty. */
function storedValues(groups: readonly FieldGroup[], rows: readonly SettingRow[]): Values {
  const byKey = new Map(rows.map((row) => [row.key, row.value]))
  const values: Values = {}
  for (const field of groups.flatMap((g) => g.fields)) {
    const stored = byKey.get(field.key)
    values[field.key] = stored?.trim() ? stored : (field.defaultValue ?? stored ?? '')
  }
  return values
}

/**
 * A card of settings saved through `POST /api/admin/settings`, one call per changed field (SPEC
 * section 2). Fields with a rule (core/schemas/settings.ts) are checked here with the server's own
 * words before anything is sent.
 */
export function SettingsCard({
  title,
  description,
  groups,
  data,
  isLoading,
  saveLabel,
  footer,
}: {
  title: string
  description: string
  groups: readonly FieldGroup[]
  /** The settings list as loaded (`GET /api/admin/settings`). */
  data: unknown
  isLoading: boolean
  saveLabel: string
  /** Extra content under the fields, given the values being edited (say, a preview). */
  footer?: (values: Values) => ReactNode
}) {
  const [saved, setSaved] = useState<Values>({})
  const [values, setValues] = useState<Values>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const formRef = useRef<HTMLFormElement>(null)
  const fields = groups.flatMap((g) => g.fields)

  const savedRef = useRef<Values>({})
  const sending = useRef(new Set<string>())

  // Fresh settings (after any card saves, the list is refetched) replace what was stored; edits
  // not yet saved in this card survive a save made in another one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the field list is fixed per card
  useEffect(() => {
    const stored = storedValues(groups, asList<SettingRow>(data))
    const previous = savedRef.current
    const kept = (v: Values, key: string) =>
      (v[key] ?? '') !== (previous[key] ?? '') && !sending.current.has(key)
    setValues((v) =>
      Object.fromEntries(
        fields.map((f) => [f.key, kept(v, f.key) ? (v[f.key] ?? '') : (stored[f.key] ?? '')]),
      ),
    )
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([key]) => kept(values, key))))
    sending.current.clear()
    savedRef.current = stored
    setSaved(stored)
  }, [data])

  const changed = fields.filter((f) => (values[f.key] ?? '') !== (saved[f.key] ?? ''))
  const save = useAdminMutation({
    request: async (changes: { key: string; value: string }[]) => {
      sending.current = new Set(changes.map((c) => c.key))
      for (const { key, value } of changes) await apiRequest('POST', SETTINGS, { key, value })
    },
    invalidate: [SETTINGS],
    success: () => ({ title: 'Settings updated' }),
    failure: () => ({ title: 'Error', description: 'Failed to update settings. Please try again.' }),
  })

  const check = (key: string, value: string) => {
    const error = settingValueError(key, value)
    setErrors((e) => {
      const { [key]: _, ...rest } = e
      return error ? { ...rest, [key]: error } : rest
    })
    return error
  }

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (changed.length === 0) return
    const found: Record<string, string> = {}
    for (const f of changed) {
      const error = settingValueError(f.key, values[f.key] ?? '')
      if (error) found[f.key] = error
    }
    setErrors(found)
    const first = changed.find((f) => found[f.key])
    if (first) {
      // After the errors have rendered, so nothing re-rendered after it can take the focus away.
      const field = formRef.current?.querySelector<HTMLElement>(`[name="${first.key}"]`)
      requestAnimationFrame(() => field?.focus())
      return
    }
    save.mutate(changed.map((f) => ({ key: f.key, value: values[f.key] ?? '' })))
  }

  const errorCount = Object.keys(errors).length
  const control = (f: SettingField, props: { id: string; 'aria-describedby'?: string }) => {
    const common = {
      ...props,
      name: f.key,
      value: values[f.key] ?? '',
      disabled: isLoading,
      'aria-invalid': errors[f.key] ? true : undefined,
      onBlur: () => {
        if ((values[f.key] ?? '') !== (saved[f.key] ?? '')) check(f.key, values[f.key] ?? '')
      },
    }
    const onChange = (value: string) => {
      setValues((v) => ({ ...v, [f.key]: value }))
      if (errors[f.key]) check(f.key, value)
    }
    return f.multiline ? (
      <Textarea
        {...common}
        rows={f.monospace ? 6 : 3}
        className={f.monospace ? 'font-mono text-sm' : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    ) : (
      <Input
        {...common}
        type={f.type === 'email' ? 'email' : 'text'}
        inputMode={f.inputMode}
        onChange={(e) => onChange(e.target.value)}
      />
    )
  }

  const fieldGrid = (group: FieldGroup) => (
    <div className="grid items-start gap-5 md:grid-cols-2">
      {group.fields.map((f) => (
        <Field
          key={f.key}
          label={f.label}
          hint={f.hint}
          error={errors[f.key]}
          className={f.multiline || f.wide ? 'md:col-span-2' : undefined}
        >
          {(props) => control(f, props)}
        </Field>
      ))}
    </div>
  )

  return (
    <Card title={title} description={description}>
      <form ref={formRef} className="grid gap-6" onSubmit={onSubmit} noValidate>
        {groups.map((group, index) =>
          group.legend ? (
            <fieldset
              // biome-ignore lint/suspicious/noArrayIndexKey: groups are fixed per card
              key={index}
              className={cn('grid gap-4', index > 0 && 'border-slate-200 border-t pt-5')}
            >
              <legend className="float-left w-full font-semibold text-navy-900">{group.legend}</legend>
              {group.description ? <p className="text-slate-600 text-sm">{group.description}</p> : null}
              {fieldGrid(group)}
            </fieldset>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: groups are fixed per card
            <div key={index}>{fieldGrid(group)}</div>
          ),
        )}
        {footer?.(values)}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending || changed.length === 0} aria-busy={save.isPending}>
            {save.isPending ? 'Saving...' : saveLabel}
          </Button>
          <p className="text-slate-600 text-sm" role="status">
            {errorCount > 0
              ? `${errorCount} field${errorCount === 1 ? ' needs' : 's need'} correcting`
              : changed.length === 0
                ? 'No unsaved changes'
                : `${changed.length} unsaved change${changed.length === 1 ? '' : 's'}`}
          </p>
        </div>
      </form>
    </Card>
  )
}
