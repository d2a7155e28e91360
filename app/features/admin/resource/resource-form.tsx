import { KeyRound } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import type { z } from 'zod'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input, Select, Textarea } from '../../../components/ui/field.tsx'
import { cn } from '../../../lib/cn.ts'
import { CheckboxGroup, type SelectOption, SwitchRow } from './choice-fields.tsx'

/** What a field's dynamic parts (hint, options, whether required) may depend on. */
export type FormContext<F> = {
  form: F
  set: <K extends keyof F>(key: K, value: F[K]) => void
  /** True when an existing record is being edited. */
  editing: boolean
  errors: Partial<Record<string, string>>
}

type Dynamic<F, T> = T | ((ctx: FormContext<F>) => T)
type Key<F> = keyof F & string

type Common<F> = {
  name: Key<F>
  label: string
  hint?: Dynamic<F, ReactNode>
  required?: Dynamic<F, boolean>
  className?: string
  /** Shown only while this holds (e.g. "Max buyers" for a shared contract). */
  when?: (ctx: FormContext<F>) => boolean
}

export type { SelectOption }

/** One field of a resource's form; the form is drawn from a list of these. */
export type FieldSpec<F> =
  | (Common<F> & {
      kind: 'text' | 'email' | 'url' | 'password' | 'time' | 'textarea'
      placeholder?: string
      /** Code, addresses and secrets are shown in a monospace font. */
      mono?: boolean
      rows?: number
      autoComplete?: string
      minLength?: number
    })
  | (Common<F> & {
      kind: 'number'
      min?: number
      max?: number
      step?: number | 'any'
      /** The value when the box is left empty; null by default. */
      blank?: number | null
    })
  | (Common<F> & {
      kind: 'select'
      options: Dynamic<F, readonly SelectOption[]>
      /** The value stored for an option (e.g. a number); the option's string by default. */
      parse?: (value: string) => F[Key<F>]
    })
  | (Common<F> & { kind: 'switch' })
  /** Several of a set of options, as checkboxes in a fieldset; the value is the list of those ticked. */
  | (Common<F> & { kind: 'checkboxes'; options: Dynamic<F, readonly SelectOption[]> })
  /** A secret typed or generated here; left blank when editing, the saved one stays. */
  | (Common<F> & { kind: 'secret'; generate: () => string })
  | {
      kind: 'group'
      key: string
      className?: string
      /** A fieldset with this legend; a plain layout block without. */
      legend?: string
      when?: (ctx: FormContext<F>) => boolean
      fields: FieldSpec<F>[]
    }
  | { kind: 'custom'; key: string; render: (ctx: FormContext<F>) => ReactNode }

const resolve = <F, T>(value: Dynamic<F, T>, ctx: FormContext<F>): T =>
  typeof value === 'function' ? (value as (ctx: FormContext<F>) => T)(ctx) : value

/** The first message per field of a failed zod check, keyed by the field's name. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '')
    errors[key] ??= issue.message
  }
  return errors
}

/**
 * A resource's form, drawn from its field list and checked with the same zod schema the server
 * uses before anything is sent; the server's refusal (`error`) shows in an alert above the buttons.
 */
export function ResourceForm<F extends object, S extends z.ZodType>({
  fields,
  form,
  onChange,
  schema,
  toBody = (value) => value as unknown as z.input<S>,
  onSubmit,
  editing,
  error,
  submitLabel,
  pending,
  pendingLabel = 'Saving...',
  onCancel,
  buttonsClassName = 'flex flex-wrap justify-end gap-2',
}: {
  fields: FieldSpec<F>[]
  form: F
  onChange: (form: F) => void
  /** The payload's schema in core/schemas (create or update). */
  schema: S
  /** What is sent for the form; the form itself by default. */
  toBody?: (form: F) => z.input<S>
  onSubmit: (body: z.input<S>) => void
  editing: boolean
  error: string | null
  submitLabel: string
  pending: boolean
  pendingLabel?: string
  /** Shows a Cancel button. */
  onCancel?: () => void
  buttonsClassName?: string
}) {
  const [errors, setErrors] = useState<Record<string, string>>({})
  const ctx: FormContext<F> = {
    form,
    editing,
    errors,
    set: (key, value) => {
      if (errors[key as string]) setErrors(({ [key as string]: _fixed, ...rest }) => rest)
      onChange({ ...form, [key]: value })
    },
  }
  const firstError = Object.values(errors)[0]

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        const body = toBody(form)
        const checked = schema.safeParse(body)
        if (!checked.success) {
          setErrors(fieldErrors(checked.error))
          return
        }
        setErrors({})
        // The schema's input, not its output: the server applies the same rules again.
        onSubmit(body)
      }}
    >
      <FieldList fields={fields} ctx={ctx} />
      {error ? <Alert>{error}</Alert> : firstError ? <Alert>{firstError}</Alert> : null}
      <div className={buttonsClassName}>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  )
}

function FieldList<F>({ fields, ctx }: { fields: FieldSpec<F>[]; ctx: FormContext<F> }) {
  return fields.map((spec) => {
    if ('when' in spec && spec.when && !spec.when(ctx)) return null
    if (spec.kind === 'group') {
      if (spec.legend) {
        return (
          <fieldset key={spec.key} className="grid gap-3 rounded-lg border border-slate-200 p-3">
            <legend className="px-1 font-semibold text-slate-900 text-sm">{spec.legend}</legend>
            <div className={cn('grid gap-4', spec.className)}>
              <FieldList fields={spec.fields} ctx={ctx} />
            </div>
          </fieldset>
        )
      }
      return (
        <div key={spec.key} className={cn('grid gap-4', spec.className)}>
          <FieldList fields={spec.fields} ctx={ctx} />
        </div>
      )
    }
    if (spec.kind === 'custom') return <div key={spec.key}>{spec.render(ctx)}</div>
    return <FormField key={spec.name} spec={spec} ctx={ctx} />
  })
}

function FormField<F>({
  spec,
  ctx,
}: {
  spec: Exclude<FieldSpec<F>, { kind: 'group' | 'custom' }>
  ctx: FormContext<F>
}) {
  const value = ctx.form[spec.name] as unknown
  const set = (next: unknown) => ctx.set(spec.name, next as F[Key<F>])
  const required = resolve(spec.required ?? false, ctx)
  const hint = spec.hint === undefined ? undefined : resolve(spec.hint, ctx)
  const error = ctx.errors[spec.name]

  if (spec.kind === 'switch') return <SwitchRow label={spec.label} checked={value === true} onChange={set} />
  if (spec.kind === 'checkboxes') {
    const chosen = Array.isArray(value) ? (value as string[]) : []
    return (
      <CheckboxGroup
        legend={spec.label}
        hint={hint}
        error={error}
        className={spec.className}
        options={resolve(spec.options, ctx)}
        value={chosen}
        onChange={set}
      />
    )
  }

  return (
    <Field label={spec.label} hint={hint} error={error} required={required} className={spec.className}>
      {(control) => {
        switch (spec.kind) {
          case 'select':
            return (
              <Select
                {...control}
                value={String(value ?? '')}
                onChange={(e) => set(spec.parse ? spec.parse(e.target.value) : e.target.value)}
              >
                {resolve(spec.options, ctx).map((option) => (
                  <option key={option.value} value={option.value} disabled={option.disabled}>
                    {option.label}
                  </option>
                ))}
              </Select>
            )
          case 'number':
            return (
              <Input
                {...control}
                type="number"
                inputMode="decimal"
                required={required}
                min={spec.min}
                max={spec.max}
                step={spec.step}
                value={typeof value === 'number' ? String(value) : ''}
                onChange={(e) => set(e.target.value === '' ? (spec.blank ?? null) : Number(e.target.value))}
              />
            )
          case 'secret':
            return (
              <div className="flex gap-2">
                <Input
                  {...control}
                  required={required}
                  autoComplete="off"
                  spellCheck={false}
                  className="font-mono text-sm"
                  value={String(value ?? '')}
                  onChange={(e) => set(e.target.value)}
                />
                <Button
                  variant="secondary"
                  size="sm"
                  className="shrink-0"
                  onClick={() => set(spec.generate())}
                >
                  <KeyRound className="size-4" aria-hidden="true" />
                  Generate
                </Button>
              </div>
            )
          case 'textarea':
            return (
              <Textarea
                {...control}
                required={required}
                rows={spec.rows}
                placeholder={spec.placeholder}
                className={spec.mono ? 'font-mono text-sm' : undefined}
                value={String(value ?? '')}
                onChange={(e) => set(e.target.value)}
              />
            )
          default:
            return (
              <Input
                {...control}
                type={spec.kind}
                inputMode={spec.kind === 'url' ? 'url' : undefined}
                required={required}
                autoComplete={spec.autoComplete}
                minLength={spec.minLength}
                placeholder={spec.placeholder}
                className={spec.mono ? 'font-mono' : undefined}
                value={String(value ?? '')}
                onChange={(e) => set(e.target.value)}
              />
            )
        }
      }}
    </Field>
  )
}
