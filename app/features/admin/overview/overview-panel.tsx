import { useQuery } from '@tanstack/react-query'
import { Activity, FileText, Link2, Users } from 'lucide-react'
import { Link } from 'react-router'
import { type ActivityEntry, describeActivity } from '../../../../core/audit-actions.ts'
import type { LeadStats } from '../../../../core/lead-stats.ts'
import type { Permission } from '../../../../core/permissions.ts'
import type { LeadsPerDay } from '../../../../core/schemas/leads.ts'
import type { PageListItem } from '../../../../core/schemas/pages.ts'
import type { RedirectRow } from '../../../../core/schemas/redirects.ts'
import type { ScriptRow } from '../../../../core/schemas/scripts.ts'
import type { SettingRow } from '../../../../core/schemas/settings.ts'
import { Button, buttonClasses } from '../../../components/ui/button.tsx'
import { Card, StatCard } from '../../../components/ui/card.tsx'
import { formatDateTime, timeAgo } from '../format.ts'
import { RevenueReportView } from '../revenue/revenue-report.tsx'
import { StatementDownload } from '../revenue/statement-download.tsx'
import { OperatorDetailsWarning } from '../settings/operator-warning.tsx'
import { SETTINGS } from '../settings/settings-card.tsx'
import type { AdminTab } from '../shell/admin-tabs.ts'
import { useList } from '../use-list.ts'
import { FailingDeliveries } from '../webhooks/failing-deliveries.tsx'
import { LeadsChart } from './leads-chart.tsx'
import { ReviewCard } from './review-card.tsx'

export function OverviewPanel({
  can,
  onSwitch,
}: {
  can: (p: Permission) => boolean
  onSwitch: (tab: AdminTab) => void
}) {
  const pages = useList<PageListItem>('/api/admin/pages', can('pages'))
  const scripts = useList<ScriptRow>('/api/admin/scripts', can('scripts'))
  const redirects = useList<RedirectRow>('/api/admin/redirects', can('redirects'))
  const stats = useQuery<LeadStats | null>({ queryKey: ['/api/admin/leads/stats'], enabled: can('leads') })
  const activity = useList<ActivityEntry>('/api/admin/activity?limit=8', can('activity'))
  const daily = useList<LeadsPerDay[number]>('/api/admin/leads/daily', can('leads'))
  const settings = useList<SettingRow>(SETTINGS, can('settings'))
  const dash = '—'
  const icon = 'size-5 text-slate-400'
  return (
    <div className="grid gap-6">
      {can('settings') ? (
        <OperatorDetailsWarning data={settings.data} onOpen={() => onSwitch('settings')} />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          title="Total Pages"
          value={can('pages') ? pages.rows.length : dash}
          note={`Published: ${can('pages') ? pages.rows.filter((p) => p.isPublished).length : dash}`}
          icon={<FileText className={icon} aria-hidden="true" />}
        />
        <StatCard
          title="Active Scripts"
          value={can('scripts') ? scripts.rows.filter((s) => s.isActive).length : dash}
          note={`Total: ${can('scripts') ? scripts.rows.length : dash}`}
          icon={<Activity className={icon} aria-hidden="true" />}
        />
        <StatCard
          title="Total Leads"
          value={can('leads') ? (stats.data?.total ?? 0) : dash}
          note="Captured leads"
          icon={<Users className={icon} aria-hidden="true" />}
        />
        <StatCard
          title="Active Redirects"
          value={can('redirects') ? redirects.rows.filter((r) => r.isActive).length : dash}
          note={`Total: ${can('redirects') ? redirects.rows.length : dash}`}
          icon={<Link2 className={icon} aria-hidden="true" />}
        />
      </div>
      {can('pages') ? <ReviewCard /> : null}
      {can('leads') ? (
        <Card title="Leads per day" description="The last 30 days, in UK time">
          <LeadsChart days={daily.rows} />
        </Card>
      ) : null}
      {can('buyers') ? (
        <>
          <Card
            title="Revenue"
            description="Leads sold less approved returns, by UK day, credited to the source and campaign recorded on each lead"
          >
            <RevenueReportView />
          </Card>
          <Card title="Statements" description="A buyer's sales and returns for a month">
            <StatementDownload />
          </Card>
        </>
      ) : null}
      {can('webhooks') ? <FailingDeliveries onManage={() => onSwitch('webhooks')} /> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Quick Actions" description="Common admin tasks">
          <div className="grid gap-2 sm:grid-cols-2">
            <Link to="/admin/pages/create" className={buttonClasses('secondary', 'sm')}>
              Create Page
            </Link>
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
        {can('activity') ? (
          <Card title="Recent Activity" description="Latest changes to your site">
            {activity.rows.length === 0 ? (
              <p className="text-slate-600 text-sm">No activity yet.</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {activity.rows.map((entry) => (
                  <li key={entry.id} className="flex items-start justify-between gap-4 py-2 text-sm">
                    <div>
                      <p className="font-medium text-slate-900">{describeActivity(entry)}</p>
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
        ) : null}
      </div>
    </div>
  )
}
