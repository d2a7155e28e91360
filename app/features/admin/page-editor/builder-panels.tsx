import { Plus, Trash2 } from 'lucide-react'
import { headingLevels, type Widget } from '../../../../core/page-content.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input, Select, Textarea } from '../../../components/ui/field.tsx'

export const widgetLabels: Record<Widget['type'], string> = {
  text: 'Text',
  heading: 'Heading',
  image: 'Image',
  video: 'Video',
  button: 'Button',
  spacer: 'Spacer',
  divider: 'Divider',
  form: 'Contact Form',
  columns: 'Columns',
  gallery: 'Gallery',
  testimonial: 'Testimonial',
  menu: 'Menu',
}

type Patch = (patch: Record<string, unknown>) => void

function TextField({
  label,
  value,
  onChange,
  multiline,
  hint,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  multiline?: boolean
  hint?: string
}) {
  return (
    <Field label={label} hint={hint}>
      {(control) =>
        multiline ? (
          <Textarea {...control} rows={4} value={value} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <Input {...control} value={value} onChange={(e) => onChange(e.target.value)} />
        )
      }
    </Field>
  )
}

/** A list of text/URL pairs (gallery images, menu links) with add and remove. */
function PairList<T extends Record<string, string>>({
  items,
  itemName,
  fields,
  blank,
  onChange,
}: {
  items: T[]
  itemName: string
  fields: { key: keyof T & string; label: string }[]
  blank: T
  onChange: (items: T[]) => void
}) {
  return (
    <div className="grid gap-3">
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: positional list
        <div key={i} className="grid gap-2 rounded border border-slate-200 p-2">
          {fields.map((f) => (
            <TextField
              key={f.key}
              label={`${itemName} ${i + 1} ${f.label}`}
              value={item[f.key] ?? ''}
              onChange={(value) => onChange(items.map((it, j) => (j === i ? { ...it, [f.key]: value } : it)))}
            />
          ))}
          <Button variant="secondary" size="sm" onClick={() => onChange(items.filter((_, j) => j !== i))}>
            <Trash2 className="size-4" aria-hidden="true" />
            Remove {itemName.toLowerCase()} {i + 1}
          </Button>
        </div>
      ))}
      <Button variant="secondary" size="sm" onClick={() => onChange([...items, blank])}>
        <Plus className="size-4" aria-hidden="true" />
        Add {itemName.toLowerCase()}
      </Button>
    </div>
  )
}

/** Each widget type's own content fields. */
export function WidgetFields({ widget, onPatch }: { widget: Widget; onPatch: Patch }) {
  switch (widget.type) {
    case 'text':
      return (
        <TextField
          label="Text content"
          multiline
          value={widget.content.text}
          onChange={(text) => onPatch({ text })}
          hint="Simple HTML such as <strong> and <a> is kept; anything unsafe is removed."
        />
      )
    case 'heading':
      return (
        <>
          <TextField
            label="Heading text"
            value={widget.content.text}
            onChange={(text) => onPatch({ text })}
          />
          <Field label="Heading level">
            {(control) => (
              <Select
                {...control}
                value={widget.content.level}
                onChange={(e) => onPatch({ level: Number(e.target.value) })}
              >
                {headingLevels.map((level) => (
                  <option key={level} value={level}>
                    H{level}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </>
      )
    case 'image':
      return (
        <>
          <TextField label="Image URL" value={widget.content.src} onChange={(src) => onPatch({ src })} />
          <TextField label="Alt text" value={widget.content.alt} onChange={(alt) => onPatch({ alt })} />
          <TextField
            label="Width"
            value={widget.content.width}
            onChange={(width) => onPatch({ width })}
            hint="e.g. 100% or 480px"
          />
        </>
      )
    case 'video':
      return (
        <TextField
          label="Video URL"
          value={widget.content.url}
          onChange={(url) => onPatch({ url })}
          hint="A YouTube or Vimeo address, or a direct .mp4 link"
        />
      )
    case 'button':
      return (
        <>
          <TextField label="Button text" value={widget.content.text} onChange={(text) => onPatch({ text })} />
          <TextField
            label="Button link"
            value={widget.content.link}
            onChange={(link) => onPatch({ link })}
            hint="http, https, mailto or tel addresses, or a path on this site"
          />
        </>
      )
    case 'spacer':
      return (
        <TextField
          label="Spacer height"
          value={widget.content.height}
          onChange={(height) => onPatch({ height })}
          hint="e.g. 40px"
        />
      )
    case 'divider':
      return <p className="text-slate-600 text-sm">A divider has no content of its own.</p>
    case 'form':
      return (
        <TextField label="Form title" value={widget.content.title} onChange={(title) => onPatch({ title })} />
      )
    case 'columns':
      return (
        <>
          <Field label="Number of columns">
            {(control) => (
              <Select
                {...control}
                value={widget.content.columns}
                onChange={(e) => {
                  const columns = Number(e.target.value)
                  const texts = Array.from(
                    { length: columns },
                    (_, i) => widget.content.texts[i] ?? `Column ${i + 1}`,
                  )
                  onPatch({ columns, texts })
                }}
              >
                {[1, 2, 3, 4].map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {widget.content.texts.map((text, i) => (
            <TextField
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
              key={i}
              label={`Column ${i + 1} text`}
              multiline
              value={text}
              onChange={(value) =>
                onPatch({ texts: widget.content.texts.map((t, j) => (j === i ? value : t)) })
              }
            />
          ))}
        </>
      )
    case 'gallery':
      return (
        <PairList
          items={widget.content.images}
          itemName="Image"
          fields={[
            { key: 'src', label: 'URL' },
            { key: 'alt', label: 'alt text' },
          ]}
          blank={{ src: '', alt: '' }}
          onChange={(images) => onPatch({ images })}
        />
      )
    case 'testimonial':
      return (
        <>
          <TextField
            label="Quote"
            multiline
            value={widget.content.text}
            onChange={(text) => onPatch({ text })}
          />
          <TextField
            label="Author"
            value={widget.content.author}
            onChange={(author) => onPatch({ author })}
          />
        </>
      )
    case 'menu':
      return (
        <PairList
          items={widget.content.links}
          itemName="Link"
          fields={[
            { key: 'text', label: 'text' },
            { key: 'url', label: 'URL' },
          ]}
          blank={{ text: '', url: '' }}
          onChange={(links) => onPatch({ links })}
        />
      )
  }
}
