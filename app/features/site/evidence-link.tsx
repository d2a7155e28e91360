import type { ReactNode } from 'react'
import { useLocation } from 'react-router'

/**
 * A link to one evidence card: from other pages it opens /evidence in a new tab; on /evidence it
 * smooth-scrolls to the card instead.
 */
export function EvidenceLink({
  anchor,
  children,
  className,
}: {
  anchor: string
  children: ReactNode
  className?: string
}) {
  const { pathname } = useLocation()
  const onEvidencePage = pathname === '/evidence'
  return (
    <a
      href={`/evidence#${anchor}`}
      className={className}
      target={onEvidencePage ? undefined : '_blank'}
      rel={onEvidencePage ? undefined : 'noopener noreferrer'}
      onClick={(event) => {
        if (!onEvidencePage) return
        const target = document.getElementById(anchor)
        if (!target) return
        event.preventDefault()
        target.scrollIntoView({ behavior: 'smooth', block: 'start' })
        history.replaceState(null, '', `#${anchor}`)
      }}
    >
      {children}
      {onEvidencePage ? null : <span className="sr-only"> (opens in a new tab)</span>}
    </a>
  )
}
