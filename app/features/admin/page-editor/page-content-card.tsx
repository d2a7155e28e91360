import type { PageContent } from '../../../../core/page-content.ts'
import { hasNoWidgets, type PlaceholderWidget } from '../../../../core/page-conversion.ts'
import { Card } from '../../../components/ui/card.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx'
import {
  BlocksInRichTextTab,
  ConversionNotice,
  type ConversionUndo,
  PlaceholderNote,
} from './editor-switch.tsx'
import { ContentBuilder } from './page-fields.tsx'
import { PagePreview } from './page-preview.tsx'
import { PageReviewPanel, ReviewProvider } from './review-flags.tsx'
import { RichTextEditor } from './rich-text/rich-text-editor.tsx'

type Props = {
  mode: 'create' | 'edit'
  content: PageContent
  title: string
  hideTitle: boolean
  placeholders: PlaceholderWidget[]
  /** Bumped when the content is replaced from outside the editors (a restore): they start afresh. */
  version: number
  onVersion: () => void
  onChange: (content: PageContent) => void
  /** Held by the editor, so switching to its Settings or SEO tab and back keeps them. */
  tab: string
  onTab: (tab: string) => void
  conversion: ConversionUndo | null
  onConversion: (undo: ConversionUndo | null) => void
  /** The compliance review's flags are fetched for this page (none yet while creating). */
  pageId: number | null
  slug: string
}

/** The page's content: the visual builder, the rich-text editor and (when editing) the preview. */
export function PageContentCard(props: Props) {
  const { mode, content, title, hideTitle, placeholders, version, onVersion, onChange } = props
  const { tab, onTab: setTab, conversion, onConversion: setConversion, pageId, slug } = props
  const convert = (next: PageContent, message: string) => {
    setConversion({ before: content, message })
    onChange(next)
    onVersion()
  }
  const undoConversion = () => {
    if (!conversion) return
    onChange(conversion.before)
    setConversion(null)
    onVersion()
  }
  return (
    <Card title="Page Content">
      <ReviewProvider pageId={pageId} slug={slug} content={content}>
        <PageReviewPanel />
        <PlaceholderNote placeholders={placeholders} />
        <ConversionNotice undo={conversion} onUndo={undoConversion} />
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label="Content editors" className={mode === 'edit' ? 'grid-cols-3' : 'grid-cols-2'}>
            <TabsTrigger value="builder">Visual Builder</TabsTrigger>
            <TabsTrigger value="rich-text">Rich Text</TabsTrigger>
            {mode === 'edit' ? <TabsTrigger value="preview">Preview</TabsTrigger> : null}
          </TabsList>
          <TabsContent value="builder" className="mt-4">
            <ContentBuilder
              key={version}
              mode={mode}
              content={content}
              onChange={onChange}
              onConvert={convert}
            />
          </TabsContent>
          <TabsContent value="rich-text" className="mt-4 grid gap-3">
            {/* A page built with blocks is edited as blocks: typing here never replaces them. */}
            {typeof content === 'string' || hasNoWidgets(content) ? (
              <RichTextEditor
                key={version}
                value={typeof content === 'string' ? content : ''}
                onChange={(html) => onChange(html)}
              />
            ) : (
              <BlocksInRichTextTab
                key={version}
                content={content}
                onConvert={convert}
                onOpenBuilder={() => setTab('builder')}
              />
            )}
          </TabsContent>
          {mode === 'edit' ? (
            <TabsContent value="preview" className="mt-4">
              <PagePreview title={title} content={content} hideTitle={hideTitle} />
            </TabsContent>
          ) : null}
        </Tabs>
      </ReviewProvider>
    </Card>
  )
}
