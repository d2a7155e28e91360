import { ShieldCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { site } from '../../../core/site.ts'

export function AuthCard({
  title,
  description,
  children,
  area = 'admin',
}: {
  title: string
  description?: ReactNode
  children: ReactNode
  /** Which sign-in this is: the operator's admin, or the buyers' portal. */
  area?: 'admin' | 'buyer'
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-4">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="flex items-center gap-2 font-semibold text-navy-900 text-sm">
          <ShieldCheck className="size-5 text-teal-700" aria-hidden="true" />
          {site.name} {area === 'buyer' ? 'buyer portal' : 'admin'}
        </p>
        <h1 className="mt-4 font-bold text-2xl text-navy-900">{title}</h1>
        {description ? <div className="mt-2 text-slate-700">{description}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </main>
  )
}

export function Notice({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={
        tone === 'error'
          ? 'mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-red-800 text-sm'
          : 'mb-4 rounded-lg border border-teal-200 bg-teal-50 p-3 text-sm text-teal-900'
      }
    >
      {children}
    </p>
  )
}

export function Field({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error?: string } & React.ComponentProps<'input'>) {
  return (
    <div className="mb-4">
      <label htmlFor={id} className="block font-medium text-slate-900 text-sm">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base"
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-red-700 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export const adminPageMeta = (title: string) => [
  { title: `${title} | ${site.name}` },
  { name: 'robots', content: 'noindex' },
]
