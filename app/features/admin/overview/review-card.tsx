import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import type { ReviewFlagView } from '../../../../core/schemas/review.ts'
import { Card } from '../../../components/ui/card.tsx'
import { AcceptForm } from '../page-editor/review-flags.tsx'

/**
 * The compliance review's open flags (docs/decisions/0078-compliance-review.md): each links to
 * where it is fixed, and stays until its copy is fixed or it is accepted with a note.
 */
export function ReviewCard() {
  const review = useQuery<ReviewFlagView[]>({ queryKey: ['/api/admin/pages/review'] })
  const open = (review.data ?? []).filter((f) => f.status === 'open')
  if (!review.data) return null
  return (
    <Card
      title="Compliance review"
      description={
        open.length
          ? `${open.length} open ${open.length === 1 ? 'flag' : 'flags'}: figures and claims to check before they mislead`
          : 'No open flags: every figure cites evidence that holds it, or was accepted with a note'
      }
    >
      {open.length ? (
        <ul className="divide-y divide-slate-100">
          {open.map((flag) => (
            <li key={flag.id} className="py-2 text-sm">
              <Link to={flag.editPath} className="font-medium text-teal-800 underline underline-offset-2">
                {flag.title}
              </Link>
              <p className="text-slate-700">{flag.message}</p>
              <details className="mt-1">
                <summary className="cursor-pointer text-slate-700">Accept with a note</summary>
                <AcceptForm acceptId={flag.id} />
              </details>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  )
}
