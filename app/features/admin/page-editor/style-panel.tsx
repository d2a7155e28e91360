import type { ReactNode } from 'react'
import { fontSizes, fontWeights, textAligns, type WidgetStyles } from '../../../../core/page-content.ts'
import { isSafeStyleValue } from '../../../../core/page-styles.ts'
import { Field, Input, Select } from '../../../components/ui/field.tsx'

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-3 border-slate-200 border-t pt-3">
      <legend className="pr-2 font-semibold text-navy-900 text-sm">{title}</legend>
      {children}
    </fieldset>
  )
}

function StyleInput({
  label,
  field,
  styles,
  onChange,
  placeholder,
  list,
}: {
  label: string
  field: keyof WidgetStyles
  styles: WidgetStyles
  onChange: (field: keyof WidgetStyles, value: string) => void
  placeholder?: string
  list?: string
}) {
  const value = styles[field] ?? ''
  const invalid = value !== '' && !isSafeStyleValue(field, value)
  return (
    <Field label={label} error={invalid ? 'Not a valid value: it will be ignored' : null}>
      {(control) => (
        <Input
          {...control}
          value={value}
          placeholder={placeholder}
          list={list}
          onChange={(e) => onChange(field, e.target.value)}
        />
      )}
    </Field>
  )
}

export function ColourInput(props: {
  label: string
  field: keyof WidgetStyles
  styles: WidgetStyles
  onChange: (field: keyof WidgetStyles, value: string) => void
}) {
  const value = props.styles[props.field] ?? ''
  return (
    <div className="flex items-end gap-2">
      <StyleInput {...props} placeholder="#1f2937" />
      <input
        type="color"
        aria-label={`${props.label} picker`}
        className="mb-0.5 h-10 w-10 shrink-0 cursor-pointer rounded border border-slate-300 bg-white"
        value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
        onChange={(e) => props.onChange(props.field, e.target.value)}
      />
    </div>
  )
}

/** The Style Panel (SPEC section 2): typography, spacing, background and border of the selection. */
export function StylePanel({
  styles,
  onChange,
}: {
  styles: WidgetStyles
  onChange: (field: keyof WidgetStyles, value: string) => void
}) {
  return (
    <div className="grid gap-4">
      <Group title="Typography">
        <datalist id="builder-font-sizes">
          {fontSizes.map((size) => (
            <option key={size} value={size} />
          ))}
        </datalist>
        <StyleInput
          label="Font size"
          field="fontSize"
          styles={styles}
          onChange={onChange}
          list="builder-font-sizes"
          placeholder="16px"
        />
        <ColourInput label="Color" field="color" styles={styles} onChange={onChange} />
        <Field label="Font weight">
          {(control) => (
            <Select
              {...control}
              value={styles.fontWeight ?? ''}
              onChange={(e) => onChange('fontWeight', e.target.value)}
            >
              <option value="">Default</option>
              {fontWeights.map((w) => (
                <option key={w.value} value={w.value}>
                  {w.value} {w.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Text align">
          {(control) => (
            <Select
              {...control}
              value={styles.textAlign ?? ''}
              onChange={(e) => onChange('textAlign', e.target.value)}
            >
              <option value="">Default</option>
              {textAligns.map((a) => (
                <option key={a} value={a}>
                  {a[0]?.toUpperCase()}
                  {a.slice(1)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </Group>
      <Group title="Spacing">
        <StyleInput
          label="Margin"
          field="margin"
          styles={styles}
          onChange={onChange}
          placeholder="0 0 16px"
        />
        <StyleInput
          label="Padding"
          field="padding"
          styles={styles}
          onChange={onChange}
          placeholder="12px 24px"
        />
      </Group>
      <Group title="Background">
        <ColourInput label="Background color" field="backgroundColor" styles={styles} onChange={onChange} />
      </Group>
      <Group title="Border">
        <StyleInput
          label="Border width"
          field="borderWidth"
          styles={styles}
          onChange={onChange}
          placeholder="1px"
        />
        <ColourInput label="Border color" field="borderColor" styles={styles} onChange={onChange} />
        <StyleInput
          label="Border radius"
          field="borderRadius"
          styles={styles}
          onChange={onChange}
          placeholder="6px"
        />
      </Group>
    </div>
  )
}
