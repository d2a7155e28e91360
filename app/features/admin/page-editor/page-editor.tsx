import { useQueryClient } from '@tanstack/react-query'
import { ArrowLeft, ExternalLink, Save } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link, useBlocker, useNavigate } from 'react-router'
import { type PlaceholderWidget, placeholderWidgets } from '../../../../core/page-conversion.ts'
import {
  type PageRecord,
  PLACEHOLDER_CONTENT,
  type PlaceholderConflict,
} from '../../../../core/schemas/pages.ts'
import { Badge, StateBadge } from '../../../components/ui/badge.tsx'
import { Button, buttonClasses } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { Switch } from '../../../components/ui/switch.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx'
import { toast } from '../../../components/ui/use-toast.ts'
import { ApiError, apiRequest } from '../api.ts'
import { openPreview } from '../preview-link.ts'
import { serverMessage, useAdminMutation } from '../use-admin-mutation.ts'
import { type ConversionUndo, PlaceholderPublishDialog } from './editor-switch.tsx'
import { PageContentCard } from './page-content-card.tsx'
import { SlugField } from './page-fields.tsx'
import {
  blankFieldToast,
  formFromPage,
  isFormDirty,
  type PageFormValues,
  pagePayload,
  slugFromTitle,
} from './page-form.ts'
import {
  type ApprovalAnswer,
  approvalToast,
  isApprovalAnswer,
  PagePublishing,
  PUBLICATIONS,
} from './page-publishing.tsx'
import { PageRevisions } from './page-revisions.tsx'
import { PageSettingsCard } from './page-settings.tsx'
import { SeoFields } from './seo-fields.tsx'

export const PAGES = '/api/admin/pages'
export const LEAVE_PROMPT = 'You have unsaved changes. Are you sure you want to leave?'

/**
 * Keeps `--editor-header-height` current on the editor, so a builder filling the window
 * (visual-builder.tsx) starts below this sticky header and fits the rest of the window.
 */
function trackHeaderHeight(header: HTMLElement | null) {
  const scope = header?.parentElement
  if (!header || !scope) return
  const update = () => scope.style.setProperty('--editor-header-height', `${header.offsetHeight}px`)
  update()
  const observer = new ResizeObserver(update)
  observer.observe(header)
  return () => observer.disconnect()
}

type EditorProps =
  | { mode: 'create'; initial: PageFormValues }
  | { mode: 'edit'; page: PageRecord; initial: PageFormValues }

export function PageEditor(props: EditorProps) {
  const { mode } = props
  const page = mode === 'edit' ? props.page : null
  const [form, setForm] = useState(props.initial)
  const [loaded, setLoaded] = useState(props.initial)
  const [slugTouched, setSlugTouched] = useState(mode === 'edit')
  // Remounts the builders when content is replaced from outside them (a restored revision).
  const [contentTab, setContentTab] = useState('builder')
  const [contentVersion, setContentVersion] = useState(0)
  const [conversion, setConversion] = useState<ConversionUndo | null>(null)
  const [confirming, setConfirming] = useState<PlaceholderWidget[] | null>(null)
  const leaving = useRef(false)
  const navigate = useNavigate()
  const client = useQueryClient()
  const dirty = isFormDirty(form, loaded)
  const isSystem = page?.isSystem ?? false

  const set = <K extends keyof PageFormValues>(key: K, value: PageFormValues[K]) =>
    setForm((f) => ({ ...f, [key]: value }))

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  )
  useEffect(() => {
    if (blocker.state !== 'blocked') return
    if (window.confirm(LEAVE_PROMPT)) blocker.proceed()
    else blocker.reset()
  }, [blocker])
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      event.returnValue = LEAVE_PROMPT
      return LEAVE_PROMPT
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  type Save = { values: PageFormValues; confirmPlaceholders: boolean }
  const payload = ({ values, confirmPlaceholders }: Save) => ({
    ...pagePayload(values),
    ...(confirmPlaceholders ? { confirmPlaceholders } : {}),
  })
  const create = useAdminMutation({
    request: (save: Save) => apiRequest<PageRecord | ApprovalAnswer>('POST', PAGES, payload(save)),
    invalidate: [PAGES, PUBLICATIONS],
    success: (saved) =>
      isApprovalAnswer(saved)
        ? approvalToast
        : { title: 'Page created successfully', description: 'Your new page has been created' },
    failure: (e) => ({
      title: 'Error creating page',
      description: serverMessage(e) ?? 'Failed to create page',
    }),
  })
  const update = useAdminMutation({
    request: (save: Save) =>
      apiRequest<PageRecord | ApprovalAnswer>('PUT', `${PAGES}/${page?.id}`, payload(save)),
    invalidate: [PAGES, PUBLICATIONS],
    success: (saved) =>
      isApprovalAnswer(saved)
        ? approvalToast
        : { title: 'Page updated successfully', description: 'Your changes have been saved' },
    failure: (e) => ({
      title: 'Error updating page',
      description: serverMessage(e) ?? 'Failed to update page',
    }),
  })
  const pending = create.isPending || update.isPending

  const placeholders = placeholderWidgets(form.content)
  // The server refused to publish sample content this screen did not know of: ask about its list.
  const onSaveError = (error: unknown) => {
    const conflict = placeholderConflictOf(error)
    if (conflict) setConfirming(conflict.placeholders as PlaceholderWidget[])
  }

  const submit = (confirmPlaceholders = false) => {
    const blank = blankFieldToast(form)
    if (blank) {
      toast({ variant: 'destructive', ...blank })
      return
    }
    if (form.isPublished && placeholders.length > 0 && !confirmPlaceholders) {
      setConfirming(placeholders)
      return
    }
    const save = { values: form, confirmPlaceholders }
    if (mode === 'create') {
      create.mutate(save, {
        onSuccess: (saved) => {
          leaving.current = true
          // Made as a draft awaiting approval, or published: either way, on to its editor.
          const id = isApprovalAnswer(saved) ? saved.publication.pageId : saved.id
          if (!isApprovalAnswer(saved)) client.setQueryData([`${PAGES}/${id}`], saved)
          // Straight on to the new page's editor (with the Create screen out of the history).
          void navigate(`/admin/pages/edit/${id}`, { replace: true })
        },
        onError: onSaveError,
      })
    } else {
      update.mutate(save, {
        onError: onSaveError,
        onSuccess: (saved) => {
          if (isApprovalAnswer(saved)) {
            // The version waits for a second admin; the form keeps it, no longer "unsaved".
            setLoaded(form)
            void client.invalidateQueries({ queryKey: [`${PAGES}/${page?.id}`] })
            return
          }
          const next = formFromPage(saved)
          // Keeps the builder's own state: the saved content is what it already holds.
          setLoaded(next)
          setForm(next)
          client.setQueryData([`${PAGES}/${saved.id}`], saved)
        },
      })
    }
  }

  const restored = (saved: PageRecord) => {
    const next = formFromPage(saved)
    setLoaded(next)
    setForm(next)
    setContentVersion((v) => v + 1)
    client.setQueryData([`${PAGES}/${saved.id}`], saved)
  }

  const content = form.content
  const origin = typeof window === 'undefined' ? '' : window.location.origin

  return (
    <div className="min-h-screen bg-slate-100">
      {/* Sticky on wide screens only: on a phone its wrapped rows would take a fifth of the screen. */}
      <header ref={trackHeaderHeight} className="z-30 border-slate-200 border-b bg-white lg:sticky lg:top-0">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3">
          <Link to="/admin?tab=pages" className={buttonClasses('ghost', 'sm')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to Pages
          </Link>
          <h1 className="font-bold text-navy-900 text-xl">
            {mode === 'create' ? 'Create Page' : 'Edit Page'}
          </h1>
          {isSystem ? <Badge tone="warning">System Page</Badge> : null}
          <p role="status" className="text-amber-800 text-sm">
            {dirty ? 'Unsaved changes' : ''}
          </p>
          <div className="ml-auto flex flex-wrap items-center gap-3">
            <div className="flex items-center gap-2">
              <Switch
                id="header-published"
                checked={form.isPublished}
                onCheckedChange={(on) => set('isPublished', on)}
                aria-labelledby="header-published-label"
              />
              <span id="header-published-label" className="font-medium text-sm">
                {form.isPublished ? 'Published' : 'Draft'}
              </span>
            </div>
            <Button
              variant="secondary"
              size="sm"
              disabled={!page}
              title={
                page
                  ? dirty
                    ? 'Opens the last saved version: save to preview your changes'
                    : 'Opens the saved page, published or not, in a new tab'
                  : 'Save the page to preview it'
              }
              onClick={() => {
                if (!page) return
                // A system page's layout is built in: it is seen at its own address.
                if (isSystem) window.open(page.slug === 'home' ? '/' : `/${page.slug}`, '_blank', 'noopener')
                else void openPreview(`${PAGES}/${page.id}/preview-links`)
              }}
            >
              <ExternalLink className="size-4" aria-hidden="true" />
              Preview
            </Button>
            <Button size="sm" onClick={() => submit()} disabled={pending || (mode === 'edit' && !dirty)}>
              <Save className="size-4" aria-hidden="true" />
              {mode === 'create'
                ? create.isPending
                  ? 'Creating...'
                  : 'Create Page'
                : update.isPending
                  ? 'Saving...'
                  : 'Save Changes'}
            </Button>
          </div>
        </div>
      </header>

      <main className="mx-auto max-w-7xl px-4 py-6">
        <Tabs defaultValue="content">
          <TabsList aria-label="Page editor sections" className="grid-cols-3">
            <TabsTrigger value="content">Content Editor</TabsTrigger>
            <TabsTrigger value="settings">Page Settings</TabsTrigger>
            <TabsTrigger value="seo">SEO &amp; Meta</TabsTrigger>
          </TabsList>

          <TabsContent value="content" className="mt-4 grid gap-4">
            <Card title="Page Info">
              <div className="grid gap-4 md:grid-cols-[1fr_1fr_auto] md:items-start">
                <Field label="Page Title" required>
                  {(control) => (
                    <Input
                      {...control}
                      value={form.title}
                      placeholder="e.g. Spring PCP claims offer"
                      onChange={(e) => {
                        const title = e.target.value
                        setForm((f) => ({ ...f, title, slug: slugTouched ? f.slug : slugFromTitle(title) }))
                      }}
                    />
                  )}
                </Field>
                <SlugField
                  form={form}
                  isSystem={isSystem}
                  onChange={(slug) => {
                    setSlugTouched(true)
                    set('slug', slug)
                  }}
                />
                <div className="grid gap-1.5">
                  <span className="font-medium text-slate-800 text-sm">Status</span>
                  <div className="flex gap-2">
                    <StateBadge on={form.isPublished} yes="Published" no="Draft" />
                    {isSystem ? <Badge tone="warning">System Page</Badge> : null}
                  </div>
                </div>
              </div>
            </Card>

            <PageContentCard
              mode={mode}
              content={content}
              title={form.title}
              hideTitle={form.hideTitle}
              placeholders={placeholders}
              version={contentVersion}
              onVersion={() => setContentVersion((v) => v + 1)}
              onChange={(next) => set('content', next)}
              tab={contentTab}
              onTab={setContentTab}
              conversion={conversion}
              onConversion={setConversion}
              pageId={page?.id ?? null}
              slug={form.slug}
            />
          </TabsContent>

          <TabsContent value="settings" className="mt-4 grid grid-cols-1 gap-4">
            <PageSettingsCard
              form={form}
              set={set}
              isSystem={isSystem}
              origin={origin}
              onSlugChange={(slug) => {
                setSlugTouched(true)
                set('slug', slug)
              }}
            />
            {page ? <PagePublishing pageId={page.id} dirty={dirty} /> : null}
            {page ? <PageRevisions page={page} onRestored={restored} /> : null}
          </TabsContent>

          <TabsContent value="seo" className="mt-4 grid gap-4">
            <SeoFields form={form} set={set} origin={origin} />
          </TabsContent>
        </Tabs>
      </main>
      <PlaceholderPublishDialog
        placeholders={confirming}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          setConfirming(null)
          submit(true)
        }}
      />
    </div>
  )
}

/** A 409 answer refusing to publish template sample content without confirmation, if this is one. */
function placeholderConflictOf(error: unknown): PlaceholderConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null
  try {
    const body = JSON.parse(error.message.replace(/^\d{3}: /, '')) as Partial<PlaceholderConflict>
    return body.code === PLACEHOLDER_CONTENT && Array.isArray(body.placeholders)
      ? (body as PlaceholderConflict)
      : null
  } catch {
    return null
  }
}
