import { Card } from '../../../components/ui/card.tsx'
import { Field, Input, Textarea } from '../../../components/ui/field.tsx'
import type { PageFormValues } from './page-form.ts'

const META_HINT = 160

type TextKey = 'metaDescription' | 'metaKeywords' | 'ogTitle' | 'ogDescription'
type Set = <K extends keyof PageFormValues>(key: K, value: PageFormValues[K]) => void

/** The SEO & Meta tab: description (counted against 160, a hint), keywords, social texts and a share preview. */
export function SeoFields({ form, set, origin }: { form: PageFormValues; set: Set; origin: string }) {
  const text =
    (key: TextKey, multiline = false) =>
    (control: { id: string }) =>
      multiline ? (
        <Textarea {...control} rows={3} value={form[key]} onChange={(e) => set(key, e.target.value)} />
      ) : (
        <Input {...control} value={form[key]} onChange={(e) => set(key, e.target.value)} />
      )
  return (
    <>
      <Card title="SEO & Meta">
        <div className="grid max-w-2xl gap-5">
          <Field
            label="Meta Description"
            hint={
              <span aria-live="polite">
                {form.metaDescription.length}/{META_HINT} characters
                {form.metaDescription.length > META_HINT ? ' (longer than search results usually show)' : ''}
              </span>
            }
          >
            {text('metaDescription', true)}
          </Field>
          <Field label="Meta Keywords" hint="Comma-separated, e.g. pcp claim, car finance">
            {text('metaKeywords')}
          </Field>
          <Field label="Social Title" hint="Shown when the page is shared; the page title if empty.">
            {text('ogTitle')}
          </Field>
          <Field label="Social Description" hint="The meta description if empty.">
            {text('ogDescription', true)}
          </Field>
        </div>
      </Card>
      <Card title="Social Share Preview">
        <div
          className="max-w-lg overflow-hidden rounded-lg border border-slate-300 bg-white"
          data-testid="share-preview"
        >
          <div className="bg-slate-200 px-4 py-8 text-center text-slate-700 text-sm">Share image</div>
          <div className="p-3">
            <p className="text-slate-500 text-xs uppercase">{origin.replace(/^https?:\/\//, '')}</p>
            <p className="font-semibold text-slate-900">{form.ogTitle || form.title || 'Page title'}</p>
            <p className="line-clamp-2 text-slate-600 text-sm">
              {form.ogDescription || form.metaDescription || 'Page description'}
            </p>
          </div>
        </div>
      </Card>
    </>
  )
}
