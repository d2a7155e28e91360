import { cn } from '../../lib/cn.ts'

const tones = {
  positive: 'bg-teal-100 text-teal-900',
  neutral: 'bg-slate-200 text-slate-800',
  warning: 'bg-amber-100 text-amber-900',
  danger: 'bg-red-100 text-red-900',
} as const

export function Badge({ tone = 'neutral', children }: { tone?: keyof typeof tones; children: string }) {
  return (
    <span className={cn('inline-flex rounded-full px-2 py-0.5 font-medium text-xs', tones[tone])}>
      {children}
    </span>
  )
}

/** A yes/no state as a badge: `on` shows `yes` in the positive tone. */
export function StateBadge({ on, yes, no }: { on: boolean; yes: string; no: string }) {
  return <Badge tone={on ? 'positive' : 'neutral'}>{on ? yes : no}</Badge>
}
