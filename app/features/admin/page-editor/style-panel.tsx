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

type StyleKey = keyof WidgetStyles
const FONT_SIZES = 'builder-font-sizes'

/** One control of the Style Panel: a free value (checked on render), a colour, or a choice. */
type StyleControl = { field: StyleKey; label: string } & (
  | { kind: 'value'; placeholder: string; list?: string }
  | { kind: 'colour' }
  | { kind: 'choice'; options: readonly { value: string; label: string }[] }
)

/** The Style Panel's groups and controls, in order (SPEC section 2). */
const styleGroups: readonly { title: string; controls: readonly StyleControl[] }[] = [
  {
    title: 'Typography',
    controls: [
      { field: 'fontSize', label: 'Font size', kind: 'value', placeholder: '16px', list: FONT_SIZES },
      { field: 'color', label: 'Color', kind: 'colour' },
      {
        field: 'fontWeight',
        label: 'Font weight',
        kind: 'choice',
        options: fontWeights.map((w) => ({ value: w.value, label: `${w.value} ${w.label}` })),
      },
      {
        field: 'textAlign',
        label: 'Text align',
        kind: 'choice',
        options: textAligns.map((a) => ({ value: a, label: `${a[0]?.toUpperCase()}${a.slice(1)}` })),
      },
    ],
  },
  {
    title: 'Spacing',
    controls: [
      { field: 'margin', label: 'Margin', kind: 'value', placeholder: '0 0 16px' },
      { field: 'padding', label: 'Padding', kind: 'value', placeholder: '12px 24px' },
    ],
  },
  {
    title: 'Background',
    controls: [{ field: 'backgroundColor', label: 'Background color', kind: 'colour' }],
  },
  {
    title: 'Border',
    controls: [
      { field: 'borderWidth', label: 'Border width', kind: 'value', placeholder: '1px' },
      { field: 'borderColor', label: 'Border color', kind: 'colour' },
      { field: 'borderRadius', label: 'Border radius', kind: 'value', placeholder: '6px' },
    ],
  },
]

function StyleControlView({
  control,
  styles,
  onChange,
}: {
  control: StyleControl
  styles: WidgetStyles
  onChange: (field: StyleKey, value: string) => void
}) {
  const { field, label } = control
  if (control.kind === 'colour')
    return <ColourInput label={label} field={field} styles={styles} onChange={onChange} />
  if (control.kind === 'value')
    return (
      <StyleInput
        label={label}
        field={field}
        styles={styles}
        onChange={onChange}
        placeholder={control.placeholder}
        list={control.list}
      />
    )
  return (
    <Field label={label}>
      {(props) => (
        <Select {...props} value={styles[field] ?? ''} onChange={(e) => onChange(field, e.target.value)}>
          <option value="">Default</option>
          {control.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  )
}

/** The Style Panel (SPEC section 2): typography, spacing, background and border of the selection. */
export function StylePanel({
  styles,
  onChange,
  fields,
}: {
  styles: WidgetStyles
  onChange: (field: StyleKey, value: string) => void
  /** The style fields the widget's block offers (core/blocks); a section offers every one. */
  fields?: readonly StyleKey[]
}) {
  if (fields && fields.length === 0) {
    return <p className="text-slate-600 text-sm">This widget has no style settings.</p>
  }
  const offers = (field: StyleKey) => !fields || fields.includes(field)
  return (
    <div className="grid gap-4">
      {offers('fontSize') ? (
        <datalist id={FONT_SIZES}>
          {fontSizes.map((size) => (
            <option key={size} value={size} />
          ))}
        </datalist>
      ) : null}
      {styleGroups.map((group) => {
        const controls = group.controls.filter((control) => offers(control.field))
        return controls.length === 0 ? null : (
          <Group key={group.title} title={group.title}>
            {controls.map((control) => (
              <StyleControlView key={control.field} control={control} styles={styles} onChange={onChange} />
            ))}
          </Group>
        )
      })}
    </div>
  )
}
