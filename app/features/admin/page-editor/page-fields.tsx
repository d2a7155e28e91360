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
 * library for widget-list content (and, on Edit, for rich-text pages that move to widgets).
 */
export function ContentBuilder({
  mode,
  content,
  onChange,
}: {
  mode: 'create' | 'edit'
  content: PageContent
  onChange: (content: PageContent) => void
}) {
  const model = typeof content === 'string' ? content : readPageContent(content)
  const context = usePageRenderContext()
  // The page's images and lead image for every widget on the canvas, as the public page computes them.
  return (
    <BlockProvider content={model} {...context}>
      {builderFor(mode, model, onChange)}
    </BlockProvider>
  )
}

function builderFor(mode: 'create' | 'edit', model: PageContent, onChange: (content: PageContent) => void) {
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
  if (mode === 'create' || !model.trim()) {
    // SPEC section 2: the builder used on Create opens full-screen (with a way back to the form).
    return (
      <VisualBuilder value={{ sections: [] }} onChange={onChange} initialFullScreen={mode === 'create'} />
    )
  }
  return (
    <div className="grid gap-3">
      <p className="rounded-lg bg-amber-50 p-3 text-amber-900 text-sm">
        This page's content is rich text. Adding widgets here replaces it with a widget layout.
      </p>
      <WidgetLibrary value={{ widgets: [] }} onChange={onChange} />
    </div>
  )
}
