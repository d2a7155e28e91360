import { Images } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { MediaPickerDialog } from '../../admin/media/media-picker.tsx'

export type ImageValue = { src: string; alt: string; pixelWidth?: number; pixelHeight?: number }

/**
 * The one way a panel sets an image: from the media library (or uploaded into it from the same
 * dialog), or by address, with its alt text. Every image field (image widget, gallery items, the
 * widget library's image) comes through here.
 */
export function ImageField({
  label,
  value,
  onChange,
}: {
  label: string
  value: ImageValue
  onChange: (patch: Partial<ImageValue>) => void
}) {
  const [picking, setPicking] = useState(false)
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        {value.src ? (
          <img
            src={value.src}
            alt=""
            className="h-12 w-16 rounded border border-slate-200 bg-slate-50 object-contain"
          />
        ) : null}
        <Button variant="secondary" size="sm" onClick={() => setPicking(true)}>
          <Images className="size-4" aria-hidden="true" />
          {value.src ? `Change ${label.toLowerCase()}` : `Choose ${label.toLowerCase()} from library`}
        </Button>
      </div>
      <MediaPickerDialog
        open={picking}
        onOpenChange={setPicking}
        title={`Choose ${label.toLowerCase()}`}
        onPick={(item) =>
          onChange({
            src: item.url,
            // The library's description unless the editor already wrote one for this place.
            alt: value.alt || item.alt,
            pixelWidth: item.width,
            pixelHeight: item.height,
          })
        }
      />
      <Field label={`${label} URL`}>
        {(control) => (
          <Input
            {...control}
            value={value.src}
            // A new address: the old one's pixel size no longer applies.
            onChange={(e) => onChange({ src: e.target.value, pixelWidth: undefined, pixelHeight: undefined })}
          />
        )}
      </Field>
      <Field label={`${label} alt text`} hint="Describe the image for people who cannot see it">
        {(control) => (
          <Input {...control} value={value.alt} onChange={(e) => onChange({ alt: e.target.value })} />
        )}
      </Field>
      <PixelSize label={label} value={value} onChange={onChange} />
    </div>
  )
}

const SIZE = /^\s*(\d{1,5})\s*[x×]\s*(\d{1,5})\s*$/i

/**
 * The image's own size in pixels, so the page keeps its place before the image loads. A library
 * image fills it in; an image from another site needs it typed (as 1200 x 800).
 */
function PixelSize({
  label,
  value,
  onChange,
}: {
  label: string
  value: ImageValue
  onChange: (patch: Partial<ImageValue>) => void
}) {
  const shown = value.pixelWidth && value.pixelHeight ? `${value.pixelWidth} x ${value.pixelHeight}` : ''
  const [text, setText] = useState(shown)
  const [lastShown, setLastShown] = useState(shown)
  if (shown !== lastShown) {
    // Picked from the library or a new address: show what the value now holds.
    setLastShown(shown)
    setText(shown)
  }
  const match = SIZE.exec(text)
  const invalid = text.trim() !== '' && !match
  return (
    <Field
      label={`${label} original size`}
      hint="In pixels, as 1200 x 800; filled in for library images"
      error={invalid ? 'Write the size as two whole numbers, like 1200 x 800' : undefined}
    >
      {(control) => (
        <Input
          {...control}
          value={text}
          inputMode="numeric"
          placeholder="1200 x 800"
          onChange={(e) => {
            const next = e.target.value
            setText(next)
            const size = SIZE.exec(next)
            if (size) onChange({ pixelWidth: Number(size[1]), pixelHeight: Number(size[2]) })
            else if (!next.trim()) onChange({ pixelWidth: undefined, pixelHeight: undefined })
          }}
        />
      )}
    </Field>
  )
}
