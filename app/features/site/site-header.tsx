import { ShieldCheck } from 'lucide-react'
import { site } from '../../../core/site.ts'
import { Button, buttonClasses } from '../../components/ui/button.tsx'

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

/** Home page header: scroll buttons for the sections of the page and Start Claim (app/lib/page-actions.ts). */
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
              data-scroll-to={s.id}
            >
              {s.label}
            </Button>
          ))}
          <Button
            size="sm"
            className="ml-2 whitespace-nowrap bg-teal-700 hover:bg-teal-600"
            data-scroll-to="calculator"
          >
            Start Claim
          </Button>
        </nav>
      </div>
    </header>
  )
}

/** Header of the other public pages; `offerCheck` false leaves out the Free check button. */
export function PageHeader({ offerCheck = true }: { offerCheck?: boolean }) {
  return (
    <header className="bg-navy-900">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
        <Logo />
        {offerCheck ? (
          <a href="/#calculator" className={`${buttonClasses('primary', 'sm')} shrink-0 whitespace-nowrap`}>
            Free check
          </a>
        ) : null}
      </div>
    </header>
  )
}
