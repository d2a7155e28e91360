import { AlertTriangle, CheckCircle2 } from 'lucide-react'
import type { ReactNode } from 'react'
import type { ContrastCheck } from '../../../../core/contrast.ts'
import { fontWeights, textAligns, type WidgetStyles } from '../../../../core/page-content.ts'
import { isSafeStyleValue } from '../../../../core/page-styles.ts'
import {
  type Device,
  deviceField,
  effectiveValue,
  hideField,
  type ResponsiveField,
} from '../../../../core/responsive-styles.ts'
import { Field, Input, Select } from '../../../components/ui/field.tsx'
import { cn } from '../../../lib/cn.ts'
import { LengthInput, SpacingInput } from './length-inputs.tsx'

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
/**
 * One control of the Style Panel: a size (a number and a unit; per device when `responsive`),
 * spacing (four sides and a unit, per device), a colour, or a choice.
 */
type StyleControl = { field: StyleKey; label: string } & (
  | { kind: 'length'; responsive?: boolean }
  | { kind: 'spacing' }
  | { kind: 'colour' }
  | { kind: 'choice'; options: readonly { value: string; label: string }[] }
)

/** The Style Panel's groups and controls, in order (SPEC section 2). */
const styleGroups: readonly { title: string; controls: readonly StyleControl[] }[] = [
  {
    title: 'Typography',
    controls: [
      { field: 'fontSize', label: 'Font size', kind: 'length', responsive: true },
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
      { field: 'margin', label: 'Margin', kind: 'spacing' },
      { field: 'padding', label: 'Padding', kind: 'spacing' },
    ],
  },
  {
    title: 'Background',
    controls: [{ field: 'backgroundColor', label: 'Background color', kind: 'colour' }],
  },
  {
    title: 'Border',
    controls: [
      { field: 'borderWidth', label: 'Border width', kind: 'length' },
      { field: 'borderColor', label: 'Border color', kind: 'colour' },
      { field: 'borderRadius', label: 'Border radius', kind: 'length' },
    ],
  },
]

const deviceLabels: Record<Device, string> = { desktop: 'Desktop', tablet: 'Tablet', mobile: 'Mobile' }

function StyleControlView({
  control,
  styles,
  device,
  onChange,
}: {
  control: StyleControl
  styles: WidgetStyles
  device: Device
  onChange: (field: StyleKey, value: string) => void
}) {
  const { field, label } = control
  if (control.kind === 'colour')
    return <ColourInput label={label} field={field} styles={styles} onChange={onChange} />
  if (control.kind === 'length' || control.kind === 'spacing') {
    const responsive = control.kind === 'spacing' || control.responsive
    const key = responsive ? deviceField(field as ResponsiveField, device) : field
    const wider =
      responsive && device !== 'desktop'
        ? effectiveValue(styles, field as ResponsiveField, device === 'mobile' ? 'tablet' : 'desktop')
        : undefined
    const props = {
      label: responsive && device !== 'desktop' ? `${label} (${deviceLabels[device]})` : label,
      value: styles[key] ?? '',
      inherited: wider,
      onChange: (value: string) => onChange(key, value),
    }
    return control.kind === 'length' ? <LengthInput {...props} /> : <SpacingInput {...props} />
  }
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

/** The WCAG AA verdict on the selection's text against what is behind it. */
function ContrastNote({ check }: { check: ContrastCheck }) {
  const ratio = `${(Math.floor(check.ratio * 10) / 10).toFixed(1)}:1`
  return (
    <p
      data-testid="contrast-note"
      data-passes={check.passes}
      className={cn(
        'flex gap-2 rounded-md p-2 text-sm',
        check.passes ? 'bg-teal-50 text-teal-900' : 'border border-amber-300 bg-amber-50 text-amber-950',
      )}
    >
      {check.passes ? (
        <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      ) : (
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      )}
      <span>
        {check.passes
          ? `Text contrast ${ratio} meets WCAG AA.`
          : `Low contrast: ${ratio} between the text (${check.text}) and its background (${check.background}). WCAG AA asks for ${check.required}:1 at this size.`}
      </span>
    </p>
  )
}

/**
 * The Style Panel (SPEC section 2): typography, spacing, background, border and visibility of the
 * selection. Sizes and spacing are edited for the canvas's device (`device`).
 */
export function StylePanel({
  styles,
  onChange,
  fields,
  device = 'desktop',
  contrast,
}: {
  styles: WidgetStyles
  onChange: (field: StyleKey, value: string) => void
  /** The style fields the widget's block offers (core/blocks); a section offers every one. */
  fields?: readonly StyleKey[]
  device?: Device
  contrast?: ContrastCheck | null
}) {
  const offers = (field: StyleKey) => !fields || fields.includes(field)
  return (
    <div className="grid gap-4">
      {device !== 'desktop' && (offers('fontSize') || offers('margin')) ? (
        <p className="text-slate-600 text-xs">
          Sizes and spacing here apply to {deviceLabels[device].toLowerCase()}s; empty, the wider device's
          apply.
        </p>
      ) : null}
      {fields && fields.length === 0 ? (
        <p className="text-slate-600 text-sm">This widget has no style settings.</p>
      ) : null}
      {contrast ? <ContrastNote check={contrast} /> : null}
      {styleGroups.map((group) => {
        const controls = group.controls.filter((control) => offers(control.field))
        return controls.length === 0 ? null : (
          <Group key={group.title} title={group.title}>
            {controls.map((control) => (
              <StyleControlView
                key={control.field}
                control={control}
                styles={styles}
                device={device}
                onChange={onChange}
              />
            ))}
          </Group>
        )
      })}
      <Group title="Visibility">
        {(['desktop', 'tablet', 'mobile'] as const).map((d) => (
          <label key={d} className="flex items-center gap-2 text-slate-800 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-teal-700"
              checked={styles[hideField(d)] === 'true'}
              onChange={(e) => onChange(hideField(d), e.target.checked ? 'true' : '')}
            />
            Hide on {deviceLabels[d].toLowerCase()}
          </label>
        ))}
      </Group>
    </div>
  )
}
