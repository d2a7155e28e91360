import { Scale } from 'lucide-react'
import { heroModel } from '../../../core/blocks/hero.ts'
import { linkHref } from '../../../core/links.ts'
import { buttonClasses } from '../../components/ui/button.tsx'
import { defineBlock } from './define-block.ts'

/** A `#anchor` link scrolls smoothly (app/lib/page-actions.ts) and, without JavaScript, jumps. */
export function scrollTarget(link: string): string | undefined {
  return /^#[a-z][a-z0-9-]*$/.test(link) ? link.slice(1) : undefined
}

export const heroBlock = defineBlock(
  heroModel,
  function HeroBlock({ content, style }) {
    const target = scrollTarget(content.ctaLink)
    return (
      <section className="bg-navy-900 text-white" style={style} aria-labelledby="hero-title">
        <div className="mx-auto max-w-6xl px-4 pt-5 pb-6 sm:pt-16 sm:pb-16">
          {content.eyebrow ? (
            <p className="hidden items-center gap-2 rounded-full bg-navy-800 px-3 py-1 text-sm text-teal-200 sm:inline-flex">
              <Scale className="size-4" aria-hidden="true" />
              {content.eyebrow}
            </p>
          ) : null}
          <h1
            id="hero-title"
            className="max-w-3xl font-extrabold text-[1.75rem] leading-tight sm:mt-4 sm:text-5xl"
          >
            {content.heading}
          </h1>
          {content.text ? (
            <p className="mt-3 max-w-2xl text-slate-200 sm:mt-4 sm:text-lg">{content.text}</p>
          ) : null}
          {content.ctaText || content.note ? (
            <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 sm:mt-6">
              {content.ctaText ? (
                <a
                  href={target ? `#${target}` : linkHref(content.ctaLink)}
                  data-scroll-to={target}
                  className={buttonClasses('inverse', 'lg')}
                >
                  {content.ctaText}
                </a>
              ) : null}
              {content.note ? <span className="text-slate-300 text-sm">{content.note}</span> : null}
            </div>
          ) : null}
        </div>
      </section>
    )
  },
  ' > section',
)
