import { useQuery } from '@tanstack/react-query'
import { AlertTriangle } from 'lucide-react'
import { createContext, type ReactNode, useContext, useId, useMemo, useState } from 'react'
import {
  type EvidenceSource,
  pageWidgets,
  type ReviewFlag,
  reviewFixes,
  reviewPage,
  scopedFlagId,
} from '../../../../core/compliance-review.ts'
import type { PageContent, Widget } from '../../../../core/page-content.ts'
import { isSystemPageSlug } from '../../../../core/paths.ts'
import { REVIEW_NOTE_MIN, type ReviewFlagView, type ReviewSources } from '../../../../core/schemas/review.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Textarea } from '../../../components/ui/field.tsx'
import { apiRequest } from '../api.ts'
import { serverMessage, useAdminMutation } from '../use-admin-mutation.ts'

export const REVIEW = '/api/admin/pages/review'
const SOURCES = `${REVIEW}/sources`

/** A flag with the id the API accepts it by (null before the page's first save). */
export type ReviewItem = ReviewFlag & { acceptId: string | null }

type Review = {
  /** Open flags of the content being edited (accepted ones left out). */
  flags: ReviewItem[]
  evidence: EvidenceSource[]
  /** The saved page's scope (`page:{id}`), to accept a flag; null before the first save. */
  scope: string | null
}

const ReviewContext = createContext<Review>({ flags: [], evidence: [], scope: null })
export const useReview = () => useContext(ReviewContext)

/**
 * The compliance review of the content being edited (core/compliance-review.ts), recomputed on
 * every change: the canvas marks each flagged block, the inspector lists its flags. A system page
 * with no blocks yet renders its shipped default, so it shows the server's flags of that.
 */
export function ReviewProvider({
  pageId,
  slug,
  content,
  children,
}: {
  pageId: number | null
  slug: string
  content: PageContent
  children: ReactNode
}) {
  const sources = useQuery<ReviewSources>({ queryKey: [SOURCES] })
  const saved = useQuery<ReviewFlagView[]>({ queryKey: [REVIEW] })
  const scope = pageId === null ? null : `page:${pageId}`
  const value = useMemo<Review>(() => {
    const accepted = new Set(
      (saved.data ?? []).filter((f) => f.scope === scope && f.status === 'accepted').map((f) => f.id),
    )
    const widgets = pageWidgets(content)
    if (!sources.data) return { flags: [], evidence: [], scope }
    const shippedDefault = isSystemPageSlug(slug) && widgets.length === 0
    const flags: ReviewItem[] = shippedDefault
      ? (saved.data ?? [])
          .filter((f) => f.scope === scope && f.status === 'open')
          .map((f) => ({ ...f, acceptId: f.id }))
      : reviewPage({ ...sources.data, widgets }).map((f) => ({
          ...f,
          acceptId: scope ? scopedFlagId(scope, f) : null,
        }))
    return {
      flags: flags.filter((f) => !f.acceptId || !accepted.has(f.acceptId)),
      evidence: sources.data.evidence,
      scope,
    }
  }, [sources.data, saved.data, content, slug, scope])
  return <ReviewContext.Provider value={value}>{children}</ReviewContext.Provider>
}

/** On the canvas, beside a block with flags. */
export function BlockReviewBadge({ widgetId }: { widgetId: string }) {
  const count = useReview().flags.filter((f) => f.blockId === widgetId).length
  if (!count) return null
  return (
    <span
      className="inline-flex items-center gap-0.5 rounded bg-amber-100 px-1 font-medium text-amber-900"
      title="Compliance review: see the Style Panel"
    >
      <AlertTriangle className="size-3" aria-hidden="true" />
      {count}
      <span className="sr-only">{count === 1 ? ' compliance flag' : ' compliance flags'}</span>
    </span>
  )
}

export function AcceptForm({ acceptId }: { acceptId: string }) {
  const [note, setNote] = useState('')
  const [error, setError] = useState<string | null>(null)
  const accept = useAdminMutation({
    request: () => apiRequest('POST', `${REVIEW}/${acceptId}/accept`, { note }),
    invalidate: [REVIEW],
    success: () => ({ title: 'Flag accepted', description: 'Your note is kept in the audit log' }),
    failure: (e) => ({ title: 'Could not accept the flag', description: serverMessage(e) ?? 'Try again' }),
  })
  return (
    <form
      className="mt-2 grid gap-2"
      onSubmit={(e) => {
        e.preventDefault()
        if (note.trim().length < REVIEW_NOTE_MIN) {
          setError(`Say why the copy is fair, in at least ${REVIEW_NOTE_MIN} characters`)
          return
        }
        setError(null)
        accept.mutate(undefined)
      }}
    >
      <Field label="Note" error={error} hint="Why the copy is fair as it stands; kept in the audit log.">
        {(control) => (
          <Textarea {...control} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
        )}
      </Field>
      <Button type="submit" size="sm" variant="secondary" disabled={accept.isPending}>
        Accept with note
      </Button>
    </form>
  )
}

/** A list of flags with what each means and how to fix it; saved pages may accept one with a note. */
export function ReviewFlagList({ flags }: { flags: ReviewItem[] }) {
  return (
    <ul className="grid gap-3">
      {flags.map((flag) => (
        <li
          key={`${flag.id}-${flag.field}`}
          className="rounded border border-amber-300 bg-amber-50 p-2 text-sm"
        >
          <p className="font-medium text-amber-950">{flag.message}</p>
          <p className="text-slate-700">{reviewFixes[flag.code]}</p>
          {flag.acceptId ? <AcceptForm acceptId={flag.acceptId} /> : null}
        </li>
      ))}
    </ul>
  )
}

/** In the inspector: the evidence the block cites (a labelled group of checkboxes) and its flags. */
export function WidgetReview({ widget, onCites }: { widget: Widget; onCites: (cites: string[]) => void }) {
  const { flags, evidence } = useReview()
  const id = useId()
  const cites = widget.cites ?? []
  const own = flags.filter((f) => f.blockId === widget.id)
  return (
    <div className="grid gap-3">
      <fieldset className="grid gap-1" aria-describedby={`${id}-hint`}>
        <legend className="font-medium text-slate-800 text-sm">Evidence cited</legend>
        <p id={`${id}-hint`} className="text-slate-600 text-xs">
          The evidence items that state this block’s figures.
        </p>
        {evidence.map((item) => (
          <label key={item.id} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1"
              checked={cites.includes(item.id)}
              onChange={(e) =>
                onCites(e.target.checked ? [...cites, item.id] : cites.filter((c) => c !== item.id))
              }
            />
            <span>{item.title}</span>
          </label>
        ))}
      </fieldset>
      {own.length ? (
        <section aria-label="Compliance review of this block">
          <h4 className="mb-1 font-medium text-amber-900 text-sm">Compliance review</h4>
          <ReviewFlagList flags={own} />
        </section>
      ) : null}
    </div>
  )
}

/** Above the editors: every flag of the page, with the page-wide ones (firm details). */
export function PageReviewPanel() {
  const { flags } = useReview()
  if (!flags.length) return null
  // Folded to one line by default: a list that grows and shrinks as the editor types would move the
  // canvas under the pointer.
  return (
    <section aria-label="Compliance review" className="mb-4 rounded-lg border border-amber-300 bg-white p-3">
      <details>
        <summary className="cursor-pointer font-semibold text-amber-900">
          Compliance review: {flags.length} open {flags.length === 1 ? 'flag' : 'flags'}
        </summary>
        <div className="mt-2 max-h-64 overflow-auto">
          <ReviewFlagList flags={flags} />
        </div>
      </details>
    </section>
  )
}
