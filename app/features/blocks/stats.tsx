import { statsModel } from '../../../core/blocks/stats.ts'
import { defineBlock } from './define-block.ts'

export const statsBlock = defineBlock(
  statsModel,
  function StatsBlock({ content, style }) {
    return (
      <section aria-label={content.label} className="border-slate-200 border-b bg-navy-50" style={style}>
        <ul className="mx-auto grid max-w-6xl grid-cols-2 gap-4 px-4 py-6 sm:grid-cols-4">
          {content.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: positional list
            <li key={index} className="text-center">
              <p className="font-extrabold text-2xl text-navy-900 sm:text-3xl">{item.value}</p>
              <p className="text-slate-700 text-sm">{item.label}</p>
              {item.evidence ? (
                <a
                  href={`/evidence#${item.evidence}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-teal-800 text-xs underline underline-offset-2"
                >
                  See the evidence<span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    )
  },
  ' > section',
)
