import { Plus, Trash2 } from 'lucide-react'
import type { FieldSpec } from '../../../../core/blocks/define.ts'
import { ADDRESS_KEYS } from '../../../../core/site-facts.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input, Select, Textarea } from '../../../components/ui/field.tsx'
import { BlockTextEditor } from '../../admin/page-editor/rich-text/block-text-editor.tsx'
import { FactPicker, UnknownFactsWarning } from './fact-picker.tsx'
import { ImageField, type ImageValue } from './image-field.tsx'

type Content = Record<string, unknown>
type Patch = (patch: Content) => void

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '')

function TextInput({
  label,
  value,
  onChange,
  multiline,
  hint,
  type,
  facts = false,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  multiline?: boolean
  hint?: string
  type?: string
  /** Offers "Insert fact" (site facts, core/site-facts.ts): text fields, not addresses. */
  facts?: boolean
}) {
  const field = (
    <Field label={label} hint={hint}>
      {(control) =>
        multiline ? (
          <Textarea {...control} rows={4} value={value} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <Input {...control} type={type} value={value} onChange={(e) => onChange(e.target.value)} />
        )
      }
    </Field>
  )
  if (!facts) return field
  return (
    <div className="grid gap-1">
      {field}
      <FactPicker field={label} className="justify-self-start" onPick={(p) => onChange(`${value}${p}`)} />
      <UnknownFactsWarning text={value} />
    </div>
  )
}

function ListField({
  spec,
  items,
  onChange,
  ownUndo,
}: {
  spec: Extract<FieldSpec, { kind: 'list' }>
  items: Content[]
  onChange: (items: Content[]) => void
  ownUndo: boolean
}) {
  const name = spec.itemName
  const update = (i: number, patch: Content) =>
    onChange(items.map((it, j) => (j === i ? { ...it, ...patch } : it)))
  return (
    <div className="grid gap-3">
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: positional list
        <div key={i} className="grid gap-2 rounded border border-slate-200 p-2">
          {spec.item === 'image' ? (
            <ImageField
              label={`${name} ${i + 1}`}
              value={{ ...item, src: text(item.src), alt: text(item.alt) } as ImageValue}
              onChange={(patch) => update(i, patch)}
            />
          ) : (
            spec.item.map((f) =>
              f.kind === 'html' ? (
                <BlockTextEditor
                  key={f.key}
                  label={`${name} ${i + 1} ${f.label}`}
                  ownUndo={ownUndo}
                  value={text(item[f.key])}
                  onChange={(value) => update(i, { [f.key]: value })}
                />
              ) : (
                <TextInput
                  key={f.key}
                  label={`${name} ${i + 1} ${f.label}`}
                  multiline={f.kind === 'textarea'}
                  facts={!ADDRESS_KEYS.has(f.key)}
                  value={text(item[f.key])}
                  onChange={(value) => update(i, { [f.key]: value })}
                />
              ),
            )
          )}
          <Button variant="secondary" size="sm" onClick={() => onChange(items.filter((_, j) => j !== i))}>
            <Trash2 className="size-4" aria-hidden="true" />
            Remove {name.toLowerCase()} {i + 1}
          </Button>
        </div>
      ))}
      <Button variant="secondary" size="sm" onClick={() => onChange([...items, { ...spec.blank }])}>
        <Plus className="size-4" aria-hidden="true" />
        Add {name.toLowerCase()}
      </Button>
    </div>
  )
}

function BlockField({
  spec,
  content,
  onPatch,
  ownUndo,
}: {
  spec: FieldSpec
  content: Content
  onPatch: Patch
  ownUndo: boolean
}) {
  switch (spec.kind) {
    case 'html':
      return (
        <BlockTextEditor
          label={spec.label}
          hint={spec.hint}
          ownUndo={ownUndo}
          value={text(content[spec.key])}
          onChange={(value) => onPatch({ [spec.key]: value })}
        />
      )
    case 'text':
    case 'url':
    case 'textarea':
      return (
        <TextInput
          label={spec.label}
          hint={spec.hint}
          multiline={spec.kind === 'textarea'}
          facts={spec.kind !== 'url'}
          type={spec.kind === 'url' ? 'text' : undefined}
          value={text(content[spec.key])}
          onChange={(value) => onPatch({ [spec.key]: value })}
        />
      )
    case 'select':
      return (
        <Field label={spec.label} hint={spec.hint}>
          {(control) => (
            <Select
              {...control}
              value={text(content[spec.key])}
              onChange={(e) =>
                onPatch(spec.patch ? spec.patch(e.target.value, content) : { [spec.key]: e.target.value })
              }
            >
              {spec.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )
    case 'html-list': {
      const items = Array.isArray(content[spec.key]) ? (content[spec.key] as unknown[]) : []
      return items.map((item, i) => (
        <BlockTextEditor
          // biome-ignore lint/suspicious/noArrayIndexKey: positional list
          key={i}
          label={`${spec.itemLabel} ${i + 1} text`}
          ownUndo={ownUndo}
          value={text(item)}
          onChange={(value) => onPatch({ [spec.key]: items.map((t, j) => (j === i ? value : t)) })}
        />
      ))
    }
    case 'image':
      return (
        <ImageField
          label={spec.label}
          value={{ ...content, src: text(content.src), alt: text(content.alt) } as ImageValue}
          onChange={onPatch}
        />
      )
    case 'list':
      return (
        <ListField
          spec={spec}
          items={(Array.isArray(content[spec.key]) ? content[spec.key] : []) as Content[]}
          onChange={(items) => onPatch({ [spec.key]: items })}
          ownUndo={ownUndo}
        />
      )
    case 'note':
      return <p className="text-slate-600 text-sm">{spec.text}</p>
  }
}

/** A block's settings fields, from its definition: the builder's panel and the widget library's. */
export function BlockFields({
  fields,
  content,
  onPatch,
  ownUndo = false,
}: {
  fields: readonly FieldSpec[]
  content: object
  onPatch: Patch
  /** Rich-text fields keep their own undo (the widget library); in the builder, its history does. */
  ownUndo?: boolean
}) {
  return fields.map((spec, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a definition's fields never reorder
    <BlockField key={i} spec={spec} content={content as Content} onPatch={onPatch} ownUndo={ownUndo} />
  ))
}
