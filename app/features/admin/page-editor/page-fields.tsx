import {
  type BuilderContent,
  isBuilderContent,
  isWidgetListContent,
  type PageContent,
  readPageContent,
  type WidgetListContent,
} from '../../../../core/page-content.ts'
import { Field, Input } from '../../../components/ui/field.tsx'
import { BlockProvider } from '../../blocks/block-context.tsx'
import { usePageRenderContext } from '../media/use-page-render-context.ts'
import { RichTextInBuilderTab } from './editor-switch.tsx'
import type { PageFormValues } from './page-form.ts'
import { VisualBuilder } from './visual-builder.tsx'
import { WidgetLibrary } from './widget-library.tsx'

export function SlugField({
  form,
  isSystem,
  onChange,
}: {
  form: PageFormValues
  isSystem: boolean
  onChange: (slug: string) => void
}) {
  return (
    <Field
      label="URL Slug"
      required
      hint={isSystem ? 'System pages keep their URL slug.' : 'Lowercase letters, numbers and hyphens.'}
    >
      {(control) => (
        <div className="flex items-center">
          <span className="rounded-l-lg border border-slate-300 border-r-0 bg-slate-100 px-2 py-2 text-slate-600">
            /
          </span>
          <Input
            {...control}
            className="rounded-l-none"
            value={form.slug}
            readOnly={isSystem}
            aria-readonly={isSystem || undefined}
            placeholder="spring-offer"
            onChange={(e) => onChange(e.target.value)}
          />
        </div>
      )}
    </Field>
  )
}

/**
 * The Visual Builder sub-tab: the full builder for new pages and builder content; the widget
 * library for widget-list content. A rich-text page is converted to blocks only when asked
 * (editor-switch.tsx): adding a widget never replaces its text.
 */
export function ContentBuilder({
  mode,
  content,
  onChange,
  onConvert,
}: {
  mode: 'create' | 'edit'
  content: PageContent
  onChange: (content: PageContent) => void
  onConvert: (content: PageContent, message: string) => void
}) {
  const model = typeof content === 'string' ? content : readPageContent(content)
  const context = usePageRenderContext()
  // The page's images and lead image for every widget on the canvas, as the public page computes them.
  return (
    <BlockProvider content={model} {...context} editing>
      {builderFor(mode, model, onChange, onConvert)}
    </BlockProvider>
  )
}

function builderFor(
  mode: 'create' | 'edit',
  model: PageContent,
  onChange: (content: PageContent) => void,
  onConvert: (content: PageContent, message: string) => void,
) {
  if (typeof model !== 'string' && isWidgetListContent(model)) {
    return <WidgetLibrary value={model as WidgetListContent} onChange={onChange} />
  }
  if (typeof model !== 'string' && isBuilderContent(model)) {
    return (
      <VisualBuilder
        value={model as BuilderContent}
        onChange={onChange}
        initialFullScreen={mode === 'create'}
      />
    )
  }
  if (!model.trim()) {
    // SPEC section 2: the builder used on Create opens full-screen (with a way back to the form).
    return (
      <VisualBuilder value={{ sections: [] }} onChange={onChange} initialFullScreen={mode === 'create'} />
    )
  }
  return <RichTextInBuilderTab html={model} onConvert={onConvert} />
}
