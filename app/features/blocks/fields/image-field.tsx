import { Field, Input } from '../../../components/ui/field.tsx'

export type ImageValue = { src: string; alt: string; pixelWidth?: number; pixelHeight?: number }

/**
 * The one way a panel sets an image: its address and alt text. Every image field (image widget,
 * gallery items, library image) comes through here, so choosing from the media library is added once.
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
  return (
    <div className="grid gap-2">
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
    </div>
  )
}
