import { ShieldCheck } from 'lucide-react'
import { site } from '../../../core/site.ts'
import { Button, buttonClasses } from '../../components/ui/button.tsx'

export function scrollToSection(id: string) {
  const target = document.getElementById(id)
  if (!target) return
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' })
  // Move focus with the scroll so keyboard and screen reader users land in the section too.
  target.focus({ preventScroll: true })
}

function Logo() {
  return (
    <a href="/" className="flex items-center gap-2 rounded-md font-bold text-white">
      <ShieldCheck className="size-7 text-teal-300" aria-hidden="true" />
      <span className="text-base leading-tight sm:text-lg">{site.name}</span>
    </a>
  )
}

const sections = [
  { id: 'calculator', label: 'Calculator' },
  { id: 'how-it-works', label: 'How it Works' },
  { id: 'faq', label: 'FAQ' },
] as const

/** Home page header: scroll buttons for the sections of the page and Start Claim. */
export function HomeHeader() {
  return (
    <header className="sticky top-0 z-40 bg-navy-900 shadow-md">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
        <Logo />
        <nav aria-label="Page sections" className="flex items-center gap-1">
          {sections.map((s) => (
            <Button
              key={s.id}
              variant="ghost"
              size="sm"
              className="hidden text-white hover:bg-navy-800 md:inline-flex"
              onClick={() => scrollToSection(s.id)}
            >
              {s.label}
            </Button>
          ))}
          <Button
            size="sm"
            className="ml-2 whitespace-nowrap bg-teal-700 hover:bg-teal-600"
            onClick={() => scrollToSection('calculator')}
          >
            Start Claim
          </Button>
        </nav>
      </div>
    </header>
  )
}

/** Header of the other public pages. */
export function PageHeader() {
  return (
    <header className="bg-navy-900">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
        <Logo />
        <a href="/#calculator" className={buttonClasses('primary', 'sm')}>
          Free check
        </a>
      </div>
    </header>
  )
}
