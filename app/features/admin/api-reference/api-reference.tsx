import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, Download } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { Link } from 'react-router'
import type { CurrentAdmin } from '../../../../core/schemas/users.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { Input } from '../../../components/ui/field.tsx'
import { ScreenHeader } from '../../../components/ui/screen-header.tsx'
import { LoadError } from '../load-error.tsx'
import { AdminLoading, SignedOut } from '../shell/signed-out.tsx'
import {
  type FieldRow,
  filterOperations,
  groupByTag,
  type OpenApiDocument,
  type OperationView,
  operationsOf,
} from './openapi-view.ts'

export const OPENAPI_URL = '/api/openapi.json'

/** /admin/api: any signed-in admin may read how the API works (the document itself is public). */
export function ApiReferenceScreen() {
  const { data: user, isLoading, error } = useQuery<CurrentAdmin | null>({ queryKey: ['/api/auth/user'] })
  if (isLoading) return <AdminLoading />
  if (!user) return <SignedOut error={error} />
  return <ApiReference />
}

const methodTones: Record<string, string> = {
  GET: 'bg-teal-100 text-teal-900',
  POST: 'bg-blue-100 text-blue-900',
  PUT: 'bg-amber-100 text-amber-900',
  PATCH: 'bg-amber-100 text-amber-900',
  DELETE: 'bg-red-100 text-red-900',
}

function ApiReference() {
  const doc = useQuery<OpenApiDocument>({ queryKey: [OPENAPI_URL] })
  const [filter, setFilter] = useState('')
  const filterId = useId()
  const operations = useMemo(() => (doc.data ? operationsOf(doc.data) : []), [doc.data])
  const shown = useMemo(() => filterOperations(operations, filter), [operations, filter])
  const tags = new Map((doc.data?.tags ?? []).map((t) => [t.name, t.description ?? '']))

  return (
    <div className="min-h-screen bg-slate-100">
      <ScreenHeader
        title="API reference"
        width="5xl"
        subtitle={doc.data ? `${doc.data.info.title}, version ${doc.data.info.version}` : 'OpenAPI 3.1'}
      >
        <div className="flex flex-wrap gap-2">
          <Link to="/admin" className={buttonClasses('secondary', 'sm')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to dashboard
          </Link>
          <a href={OPENAPI_URL} download="openapi.json" className={buttonClasses('secondary', 'sm')}>
            <Download className="size-4" aria-hidden="true" />
            Download openapi.json
          </a>
        </div>
      </ScreenHeader>
      <main className="mx-auto max-w-5xl px-4 py-6">
        {doc.error ? (
          <LoadError error={doc.error} />
        ) : !doc.data ? (
          <p role="status" className="text-slate-700">
            Loading the API description...
          </p>
        ) : (
          <>
            {doc.data.info.description ? <p className="text-slate-700">{doc.data.info.description}</p> : null}
            <div className="mt-4 grid gap-1.5">
              <label htmlFor={filterId} className="font-medium text-slate-800 text-sm">
                Filter operations
              </label>
              <Input
                id={filterId}
                type="search"
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
                placeholder="e.g. redirects post"
                aria-describedby={`${filterId}-count`}
              />
              <p id={`${filterId}-count`} role="status" className="text-slate-600 text-sm">
                {shown.length === operations.length
                  ? `${operations.length} operations`
                  : `${shown.length} of ${operations.length} operations match`}
              </p>
            </div>
            {shown.length === 0 ? (
              <Alert tone="info" className="mt-6">
                No operation matches “{filter}”.
              </Alert>
            ) : null}
            {groupByTag(shown).map((group) => (
              <section key={group.tag} aria-labelledby={`tag-${slug(group.tag)}`} className="mt-8">
                <h2 id={`tag-${slug(group.tag)}`} className="font-bold text-navy-900 text-xl">
                  {group.tag}
                </h2>
                {tags.get(group.tag) ? <p className="mt-1 text-slate-700">{tags.get(group.tag)}</p> : null}
                <div className="mt-4 grid gap-4">
                  {group.operations.map((op) => (
                    <OperationCard key={op.id} op={op} />
                  ))}
                </div>
              </section>
            ))}
          </>
        )}
      </main>
    </div>
  )
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-')

function OperationCard({ op }: { op: OperationView }) {
  const headingId = `${op.id}-heading`
  return (
    <article
      id={op.id}
      aria-labelledby={headingId}
      className="min-w-0 scroll-mt-4 break-words rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id={headingId} className="flex flex-wrap items-center gap-2">
        <span className={`rounded px-2 py-0.5 font-bold font-mono text-xs ${methodTones[op.method] ?? ''}`}>
          {op.method}
        </span>
        <code className="break-all font-mono font-semibold text-navy-900 text-sm">{op.path}</code>
      </h3>
      <p className="mt-2 font-medium text-slate-900">{op.summary}</p>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-600">Access:</span>
        <span className="rounded-full bg-slate-200 px-2 py-0.5 font-medium text-slate-800 text-xs">
          {op.auth}
        </span>
        <a href={`#${op.id}`} className="min-w-0 break-all text-teal-800 underline underline-offset-2">
          Link to {op.method} {op.path}
        </a>
      </p>
      {op.description
        ? op.description.split('\n\n').map((paragraph) => (
            <p key={paragraph} className="mt-2 text-slate-700 text-sm">
              {paragraph}
            </p>
          ))
        : null}
      {op.parameters.length > 0 ? (
        <Fields
          title="Parameters"
          caption={`Parameters of ${op.method} ${op.path}`}
          rows={op.parameters}
          showIn
        />
      ) : null}
      {op.bodyTypes.length > 0 ? (
        <Fields
          title={`Request body (${op.bodyTypes.join(' or ')})`}
          caption={`Request body of ${op.method} ${op.path}`}
          rows={op.body}
        />
      ) : null}
      <h4 className="mt-4 font-semibold text-slate-900 text-sm">Responses</h4>
      <dl className="mt-1 grid gap-1 text-sm">
        {op.responses.map((r) => (
          <div key={r.status} className="flex flex-wrap gap-x-2">
            <dt className="font-mono font-semibold text-slate-900">{r.status}</dt>
            <dd className="text-slate-700">
              {r.description}
              {r.types.length > 0 ? <span className="text-slate-600"> — {r.types.join('; ')}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    </article>
  )
}

function Fields({
  title,
  caption,
  rows,
  showIn = false,
}: {
  title: string
  caption: string
  rows: (FieldRow & { in?: string })[]
  showIn?: boolean
}) {
  return (
    <>
      <h4 className="mt-4 font-semibold text-slate-900 text-sm">{title}</h4>
      {rows.length === 0 ? (
        <p className="mt-1 text-slate-600 text-sm">No fields.</p>
      ) : (
        <section
          aria-label={caption}
          className="mt-1 overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-3 focus-visible:outline-teal-600"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll the table sideways
          tabIndex={0}
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Name
                </th>
                {showIn ? (
                  <th scope="col" className="px-3 py-2 font-semibold">
                    In
                  </th>
                ) : null}
                <th scope="col" className="px-3 py-2 font-semibold">
                  Type
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Required
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Rules and description
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={`${row.in ?? ''}${row.name}`}>
                  <td className="px-3 py-2 font-mono text-slate-900">{row.name}</td>
                  {showIn ? <td className="px-3 py-2 text-slate-700">{row.in}</td> : null}
                  <td className="px-3 py-2 text-slate-700">{row.type}</td>
                  <td className="px-3 py-2 text-slate-700">{row.required ? 'yes' : 'no'}</td>
                  <td className="px-3 py-2 text-slate-700">
                    {[...row.constraints, row.description].filter(Boolean).join('; ') || '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </>
  )
}
