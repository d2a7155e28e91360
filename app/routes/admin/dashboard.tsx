import * as Tabs from '@radix-ui/react-tabs'
import { useQuery } from '@tanstack/react-query'
import { Activity, ExternalLink, FileText, Link2, LogOut, Users } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import type { LeadStats } from '../../../core/lead-stats.ts'
import type { Permission } from '../../../core/permissions.ts'
import { Button, buttonClasses } from '../../components/ui/button.tsx'
import { ApiError, asList } from '../../features/admin/api.ts'
import { describeAction, formatDateTime, timeAgo } from '../../features/admin/format.ts'
import { adminPageMeta } from '../../features/auth/auth-card.tsx'
import { cn } from '../../lib/cn.ts'

export const meta = () => adminPageMeta('Admin Dashboard')

type CurrentUser = {
  id: number
  email: string
  firstName: string | null
  lastName: string | null
  role: string
  permissions: Permission[]
}
type PageRow = {
  id: number
  title: string
  slug: string
  metaDescription: string | null
  isPublished: boolean
}
type ScriptRow = { id: number; name: string; position: string; script: string; isActive: boolean }
type RedirectRow = {
  id: number
  name: string
  fromUrl: string
  toUrl: string
  statusCode: number
  isRegex: boolean
  isActive: boolean
  hitCount: number
}
type SettingRow = { key: string; value: string | null }
type LeadRow = {
  id: number
  firstName: string
  lastName: string
  carDetails: string | null
  hasConsent: boolean
  createdAt: string
}
type ActivityRow = {
  id: number
  createdAt: string
  actorEmail: string | null
  action: string
  entity: string | null
  detail: Record<string, unknown> | null
}

const tabs = [
  { value: 'overview', label: 'Overview' },
  { value: 'pages', label: 'Pages' },
  { value: 'redirects', label: 'Redirects' },
  { value: 'settings', label: 'Settings' },
  { value: 'scripts', label: 'Scripts' },
  { value: 'leads', label: 'Leads' },
] as const
type Tab = (typeof tabs)[number]['value']

export default function AdminDashboard() {
  const { data: user, isLoading, error } = useQuery<CurrentUser | null>({ queryKey: ['/api/auth/user'] })

  if (isLoading) {
    return (
      <main className="flex min-h-screen items-center justify-center bg-slate-100">
        <p role="status" className="text-slate-700">
          Loading admin dashboard...
        </p>
      </main>
    )
  }
  if (!user) return <SignedOut error={error} />
  return <Dashboard user={user} />
}

function SignedOut({ error }: { error: Error | null }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-4">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <h1 className="font-bold text-2xl text-navy-900">Admin Access Required</h1>
        <p className="mt-2 text-slate-700">You need to log in to access the admin dashboard.</p>
        {error ? (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-800 text-sm">
            Authentication error: {error.message}
          </p>
        ) : null}
        <Button className="mt-6 w-full" onClick={() => window.location.assign('/api/login')}>
          Log In
        </Button>
      </div>
    </main>
  )
}

function Dashboard({ user }: { user: CurrentUser }) {
  const [tab, setTab] = useState<Tab>('overview')
  const can = (permission: Permission) => user.permissions.includes(permission)
  return (
    <div className="min-h-screen bg-slate-100">
      <header className="border-slate-200 border-b bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <div>
            <h1 className="font-bold text-2xl text-navy-900">Admin Dashboard</h1>
            <p className="text-slate-600 text-sm">
              Signed in as {user.email} ({user.role})
            </p>
          </div>
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={() => window.open('/', '_blank', 'noopener')}>
              <ExternalLink className="size-4" aria-hidden="true" />
              View Site
            </Button>
            <Button variant="secondary" size="sm" onClick={() => window.location.assign('/api/logout')}>
              <LogOut className="size-4" aria-hidden="true" />
              Logout
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">
        <Tabs.Root value={tab} onValueChange={(v) => setTab(v as Tab)}>
          <Tabs.List
            aria-label="Admin sections"
            className="grid grid-cols-3 gap-1 rounded-lg bg-slate-200 p-1 sm:grid-cols-6"
          >
            {tabs.map((t) => (
              <Tabs.Trigger
                key={t.value}
                value={t.value}
                className="min-h-10 rounded-md px-3 font-medium text-slate-700 text-sm data-[state=active]:bg-white data-[state=active]:text-navy-900 data-[state=active]:shadow-sm"
              >
                {t.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="overview" className="mt-6">
            <Overview can={can} onSwitch={setTab} />
          </Tabs.Content>
          <Tabs.Content value="pages" className="mt-6">
            <Guarded allowed={can('pages')}>
              <PagesPanel />
            </Guarded>
          </Tabs.Content>
          <Tabs.Content value="redirects" className="mt-6">
            <Guarded allowed={can('redirects')}>
              <RedirectsPanel />
            </Guarded>
          </Tabs.Content>
          <Tabs.Content value="settings" className="mt-6">
            <Guarded allowed={can('settings')}>
              <SettingsPanel />
            </Guarded>
          </Tabs.Content>
          <Tabs.Content value="scripts" className="mt-6">
            <Guarded allowed={can('scripts')}>
              <ScriptsPanel />
            </Guarded>
          </Tabs.Content>
          <Tabs.Content value="leads" className="mt-6">
            <Guarded allowed={can('leads')}>
              <LeadsPanel />
            </Guarded>
          </Tabs.Content>
        </Tabs.Root>
      </main>
    </div>
  )
}

function Guarded({ allowed, children }: { allowed: boolean; children: ReactNode }) {
  if (allowed) return children
  return (
    <Card title="Not available for your role">
      <p className="text-slate-700">Ask an administrator if you need access to this section.</p>
    </Card>
  )
}

function Card({
  title,
  description,
  children,
  className,
}: {
  title: string
  description?: string
  children: ReactNode
  className?: string
}) {
  return (
    <section
      className={cn('rounded-xl border border-slate-200 bg-white p-5 shadow-sm', className)}
      aria-label={title}
    >
      <h2 className="font-semibold text-lg text-navy-900">{title}</h2>
      {description ? <p className="text-slate-600 text-sm">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  )
}

function useList<T>(url: string, enabled = true) {
  const query = useQuery<unknown>({ queryKey: [url], enabled })
  return { ...query, rows: asList<T>(query.data) }
}

function Counter({
  title,
  value,
  note,
  icon,
}: {
  title: string
  value: ReactNode
  note: string
  icon: ReactNode
}) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-label={title}>
      <div className="flex items-center justify-between">
        <h2 className="font-medium text-slate-700 text-sm">{title}</h2>
        {icon}
      </div>
      <p className="mt-2 font-bold text-3xl text-navy-900">{value}</p>
      <p className="text-slate-600 text-xs">{note}</p>
    </section>
  )
}

function Overview({ can, onSwitch }: { can: (p: Permission) => boolean; onSwitch: (tab: Tab) => void }) {
  const pages = useList<PageRow>('/api/admin/pages', can('pages'))
  const scripts = useList<ScriptRow>('/api/admin/scripts', can('scripts'))
  const redirects = useList<RedirectRow>('/api/admin/redirects', can('redirects'))
  const stats = useQuery<LeadStats | null>({ queryKey: ['/api/admin/leads/stats'], enabled: can('leads') })
  const activity = useList<ActivityRow>('/api/admin/activity?limit=8')
  const dash = '—'
  const icon = 'size-5 text-slate-400'
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Counter
          title="Total Pages"
          value={can('pages') ? pages.rows.length : dash}
          note={`Published: ${can('pages') ? pages.rows.filter((p) => p.isPublished).length : dash}`}
          icon={<FileText className={icon} aria-hidden="true" />}
        />
        <Counter
          title="Active Scripts"
          value={can('scripts') ? scripts.rows.filter((s) => s.isActive).length : dash}
          note={`Total: ${can('scripts') ? scripts.rows.length : dash}`}
          icon={<Activity className={icon} aria-hidden="true" />}
        />
        <Counter
          title="Total Leads"
          value={can('leads') ? (stats.data?.total ?? 0) : dash}
          note="Captured leads"
          icon={<Users className={icon} aria-hidden="true" />}
        />
        <Counter
          title="Active Redirects"
          value={can('redirects') ? redirects.rows.filter((r) => r.isActive).length : dash}
          note={`Total: ${can('redirects') ? redirects.rows.length : dash}`}
          icon={<Link2 className={icon} aria-hidden="true" />}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Quick Actions" description="Common admin tasks">
          <div className="grid gap-2 sm:grid-cols-2">
            <a href="/admin/pages/create" className={buttonClasses('secondary', 'sm')}>
              Create Page
            </a>
            <Button variant="secondary" size="sm" onClick={() => onSwitch('scripts')}>
              Add Script
            </Button>
            <Button variant="secondary" size="sm" onClick={() => onSwitch('settings')}>
              Site Settings
            </Button>
            <Button variant="secondary" size="sm" onClick={() => onSwitch('leads')}>
              View Leads
            </Button>
          </div>
        </Card>
        <Card title="Recent Activity" description="Latest changes to your site">
          {activity.rows.length === 0 ? (
            <p className="text-slate-600 text-sm">No activity yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {activity.rows.map((entry) => (
                <li key={entry.id} className="flex items-start justify-between gap-4 py-2 text-sm">
                  <div>
                    <p className="font-medium text-slate-900">
                      {describeAction(entry.action)}
                      {typeof entry.detail?.slug === 'string' ? ` – /${entry.detail.slug}` : ''}
                    </p>
                    <p className="text-slate-600">{entry.actorEmail ?? 'System'}</p>
                  </div>
                  <time
                    dateTime={entry.createdAt}
                    title={formatDateTime(entry.createdAt)}
                    className="shrink-0 text-slate-600"
                  >
                    {timeAgo(entry.createdAt)}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  )
}

function Table({
  caption,
  head,
  children,
  empty,
}: {
  caption: string
  head: string[]
  children: ReactNode
  empty: string | null
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-slate-50 text-slate-700">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-4 py-3 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {empty ? (
            <tr>
              <td colSpan={head.length} className="px-4 py-8 text-center text-slate-600">
                {empty}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  )
}

function Badge({ on, yes, no }: { on: boolean; yes: string; no: string }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 font-medium text-xs',
        on ? 'bg-teal-100 text-teal-900' : 'bg-slate-200 text-slate-800',
      )}
    >
      {on ? yes : no}
    </span>
  )
}

function LoadError({ error }: { error: unknown }) {
  if (!error) return null
  return (
    <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-red-800 text-sm">
      {error instanceof ApiError ? error.message : 'Failed to load'}
    </p>
  )
}

function PagesPanel() {
  const { rows, error, isLoading } = useList<PageRow>('/api/admin/pages')
  return (
    <>
      <LoadError error={error} />
      <Table
        caption="Pages"
        head={['Title', 'Slug', 'Description', 'Status']}
        empty={isLoading ? 'Loading…' : rows.length ? null : 'No pages yet'}
      >
        {rows.map((p) => (
          <tr key={p.id}>
            <td className="px-4 py-3 font-medium text-slate-900">{p.title}</td>
            <td className="px-4 py-3 text-slate-700">/{p.slug}</td>
            <td className="max-w-md truncate px-4 py-3 text-slate-700">{p.metaDescription}</td>
            <td className="px-4 py-3">
              <Badge on={p.isPublished} yes="Published" no="Draft" />
            </td>
          </tr>
        ))}
      </Table>
    </>
  )
}

function RedirectsPanel() {
  const { rows, error, isLoading } = useList<RedirectRow>('/api/admin/redirects')
  return (
    <>
      <LoadError error={error} />
      <Table
        caption="Redirects"
        head={['Name', 'From', 'To', 'Status', 'Regex', 'Active', 'Hits']}
        empty={isLoading ? 'Loading…' : rows.length ? null : 'No redirects yet'}
      >
        {rows.map((r) => (
          <tr key={r.id}>
            <td className="px-4 py-3 font-medium text-slate-900">{r.name}</td>
            <td className="px-4 py-3 font-mono text-slate-700 text-xs">{r.fromUrl}</td>
            <td className="px-4 py-3 font-mono text-slate-700 text-xs">{r.toUrl}</td>
            <td className="px-4 py-3">{r.statusCode}</td>
            <td className="px-4 py-3">{r.isRegex ? 'Yes' : 'No'}</td>
            <td className="px-4 py-3">
              <Badge on={r.isActive} yes="Active" no="Inactive" />
            </td>
            <td className="px-4 py-3">{r.hitCount}</td>
          </tr>
        ))}
      </Table>
    </>
  )
}

function SettingsPanel() {
  const { rows, error, isLoading } = useList<SettingRow>('/api/admin/settings')
  return (
    <>
      <LoadError error={error} />
      <Table
        caption="Settings"
        head={['Key', 'Value']}
        empty={isLoading ? 'Loading…' : rows.length ? null : 'No settings yet'}
      >
        {rows.map((s) => (
          <tr key={s.key}>
            <td className="px-4 py-3 font-mono text-slate-900 text-xs">{s.key}</td>
            <td className="whitespace-pre-wrap px-4 py-3 text-slate-700">{s.value}</td>
          </tr>
        ))}
      </Table>
    </>
  )
}

function ScriptsPanel() {
  const { rows, error, isLoading } = useList<ScriptRow>('/api/admin/scripts')
  return (
    <>
      <LoadError error={error} />
      <Table
        caption="Scripts"
        head={['Name', 'Position', 'Script', 'Active']}
        empty={isLoading ? 'Loading…' : rows.length ? null : 'No scripts yet'}
      >
        {rows.map((s) => (
          <tr key={s.id}>
            <td className="px-4 py-3 font-medium text-slate-900">{s.name}</td>
            <td className="px-4 py-3">{s.position}</td>
            <td className="max-w-md px-4 py-3 font-mono text-slate-700 text-xs">
              {s.script.length > 200 ? `${s.script.slice(0, 200)}...` : s.script}
            </td>
            <td className="px-4 py-3">
              <Badge on={s.isActive} yes="Active" no="Inactive" />
            </td>
          </tr>
        ))}
      </Table>
    </>
  )
}

function LeadsPanel() {
  const { rows, error, isLoading } = useList<LeadRow>('/api/leads')
  const stats = useQuery<LeadStats | null>({ queryKey: ['/api/admin/leads/stats'] })
  const s = stats.data
  return (
    <>
      <LoadError error={error ?? stats.error} />
      <div className="mb-4 grid gap-4 sm:grid-cols-4">
        <Counter title="Total" value={s?.total ?? 0} note="All leads" icon={null} />
        <Counter
          title="This Month"
          value={s?.thisMonth ?? 0}
          note="Since the start of last month"
          icon={null}
        />
        <Counter
          title="Conversion Rate"
          value={`${s?.conversionRate ?? 0}%`}
          note="Leads with consent"
          icon={null}
        />
        <Counter title="Average per Day" value={s?.averagePerDay ?? 0} note="Over 30 days" icon={null} />
      </div>
      <Table
        caption="Leads"
        head={['Name', 'Car Details', 'Consent', 'Date']}
        empty={isLoading ? 'Loading…' : rows.length ? null : 'No leads yet'}
      >
        {rows.map((l) => (
          <tr key={l.id}>
            <td className="px-4 py-3 font-medium text-slate-900">
              {l.firstName} {l.lastName}
            </td>
            <td className="px-4 py-3 text-slate-700">{l.carDetails}</td>
            <td className="px-4 py-3">
              <Badge on={l.hasConsent} yes="Yes" no="No" />
            </td>
            <td className="px-4 py-3 text-slate-700">{formatDateTime(l.createdAt)}</td>
          </tr>
        ))}
      </Table>
    </>
  )
}
