import type { ReactNode } from 'react'

export type Errors = (anchor: string) => string[]

export const amountText = (amount: number | undefined) =>
  amount === undefined || !Number.isFinite(amount) ? '' : String(amount)
export const amountValue = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))

/** Sets an optional text: empty removes the key, so the saved definition has no blank hint. */
export function withOptional<T extends object, K extends string>(item: T, key: K, value: string): T {
  const copy = { ...item } as Record<string, unknown>
  if (value === '') delete copy[key]
  else copy[key] = value
  return copy as T
}

export function EditorCard({
  title,
  description,
  id,
  errors = [],
  children,
}: {
  title: string
  description?: string
  id?: string
  errors?: readonly string[]
  children: ReactNode
}) {
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 id={id} tabIndex={id ? -1 : undefined} className="font-semibold text-base text-navy-900">
        {title}
      </h3>
      {description ? <p className="text-slate-600 text-sm">{description}</p> : null}
      {errors.length ? (
        <ul className="mt-1 text-red-700 text-sm">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      <div className="mt-4 grid gap-4">{children}</div>
    </section>
  )
}
