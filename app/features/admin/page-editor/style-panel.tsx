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
  fields,
}: {
  styles: WidgetStyles
  onChange: (field: keyof WidgetStyles, value: string) => void
  /** The style fields the widget's block offers (blocks/*.tsx); a section offers every one. */
  fields?: readonly (keyof WidgetStyles)[]
}) {
  const has = (field: keyof WidgetStyles) => !fields || fields.includes(field)
  const any = (...group: (keyof WidgetStyles)[]) => group.some(has)
  if (fields && fields.length === 0) {
    return <p className="text-slate-600 text-sm">This widget has no style settings.</p>
  }
  return (
    <div className="grid gap-4">
      {any('fontSize', 'color', 'fontWeight', 'textAlign') ? (
        <Group title="Typography">
          <datalist id="builder-font-sizes">
            {fontSizes.map((size) => (
              <option key={size} value={size} />
            ))}
          </datalist>
          {has('fontSize') ? (
            <StyleInput
              label="Font size"
              field="fontSize"
              styles={styles}
              onChange={onChange}
              list="builder-font-sizes"
              placeholder="16px"
            />
          ) : null}
          {has('color') ? (
            <ColourInput label="Color" field="color" styles={styles} onChange={onChange} />
          ) : null}
          {has('fontWeight') ? (
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
          ) : null}
          {has('textAlign') ? (
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
          ) : null}
        </Group>
      ) : null}
      {any('margin', 'padding') ? (
        <Group title="Spacing">
          {has('margin') ? (
            <StyleInput
              label="Margin"
              field="margin"
              styles={styles}
              onChange={onChange}
              placeholder="0 0 16px"
            />
          ) : null}
          {has('padding') ? (
            <StyleInput
              label="Padding"
              field="padding"
              styles={styles}
              onChange={onChange}
              placeholder="12px 24px"
            />
          ) : null}
        </Group>
      ) : null}
      {has('backgroundColor') ? (
        <Group title="Background">
          <ColourInput label="Background color" field="backgroundColor" styles={styles} onChange={onChange} />
        </Group>
      ) : null}
      {any('borderWidth', 'borderColor', 'borderRadius') ? (
        <Group title="Border">
          {has('borderWidth') ? (
            <StyleInput
              label="Border width"
              field="borderWidth"
              styles={styles}
              onChange={onChange}
              placeholder="1px"
            />
          ) : null}
          {has('borderColor') ? (
            <ColourInput label="Border color" field="borderColor" styles={styles} onChange={onChange} />
          ) : null}
          {has('borderRadius') ? (
            <StyleInput
              label="Border radius"
              field="borderRadius"
              styles={styles}
              onChange={onChange}
              placeholder="6px"
            />
          ) : null}
        </Group>
      ) : null}
    </div>
  )
}
