import type { Widget } from '../../../../core/page-content.ts'
import { type FactCondition, readFactCondition, siteFacts } from '../../../../core/site-facts.ts'
import { Field, Select } from '../../../components/ui/field.tsx'
import type { BlockDefinition } from '../../blocks/define-block.ts'
import { BlockFields } from '../../blocks/fields/block-fields.tsx'
import { blocks } from '../../blocks/registry.ts'

export { widgetLabels } from '../../blocks/registry.ts'

/** Each widget type's own content fields, from its block definition. */
export function WidgetFields({
  widget,
  onPatch,
}: {
  widget: Widget
  onPatch: (patch: Record<string, unknown>) => void
}) {
  const block = blocks[widget.type] as BlockDefinition<Widget['type']>
  return <BlockFields fields={block.fields} content={widget.content} onPatch={onPatch} />
}

/**
 * A widget shown only while a site fact is set, or only while it is empty (the scheme's status,
 * say): stored with the widget and honoured on the site, in previews and in experiments' variants.
 */
export function WidgetVisibility({
  value,
  onChange,
}: {
  value: FactCondition | undefined
  onChange: (value: FactCondition | undefined) => void
}) {
  const choice = value ? `${value.when}:${value.fact}` : ''
  return (
    <Field
      label="Visibility"
      hint="Show this block only while a site fact (Settings › Site facts) has a value, or only while it is empty."
    >
      {(control) => (
        <Select
          {...control}
          value={choice}
          onChange={(e) => {
            const [when, fact] = e.target.value.split(':')
            onChange(
              fact && (when === 'set' || when === 'empty') ? readFactCondition({ fact, when }) : undefined,
            )
          }}
        >
          <option value="">Always shown</option>
          {siteFacts.map((fact) => (
            <option key={`set:${fact.key}`} value={`set:${fact.key}`}>
              {`Only when “${fact.label}” is set`}
            </option>
          ))}
          {siteFacts.map((fact) => (
            <option key={`empty:${fact.key}`} value={`empty:${fact.key}`}>
              {`Only when “${fact.label}” is empty`}
            </option>
          ))}
          {value && !siteFacts.some((f) => f.key === value.fact) ? (
            <option value={choice}>{`Only when “${value.fact}” (unknown) is ${value.when}`}</option>
          ) : null}
        </Select>
      )}
    </Field>
  )
}
