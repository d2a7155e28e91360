import { useQuery } from '@tanstack/react-query'
import { BookOpen, ExternalLink, UserRound } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { Permission } from '../../../../core/permissions.ts'
import type { CurrentAdmin } from '../../../../core/schemas/users.ts'
import { Button } from '../../../components/ui/button.tsx'
import { buttonClasses } from '../../../components/ui/button-styles.ts'
import { ScreenHeader } from '../../../components/ui/screen-header.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx'
import { AnalyticsPanel } from '../analytics/analytics-panel.tsx'
import { ReturnsPanel } from '../buyer-access/returns-panel.tsx'
import { BuyersPanel } from '../buyers/buyers-panel.tsx'
import { ConversionsPanel } from '../conversions/conversions-panel.tsx'
import { SubjectsPanel } from '../data-requests/data-requests-panel.tsx'
import { ExperimentsPanel } from '../experiments/experiments-panel.tsx'
import { LeadsPanel } from '../leads/leads-panel.tsx'
import { MediaPanel } from '../media/media-panel.tsx'
import { OverviewPanel } from '../overview/overview-panel.tsx'
import { PagesPanel } from '../pages/pages-panel.tsx'
import { QuestionnairePanel } from '../questionnaire/questionnaire-panel.tsx'
import { RedirectsPanel } from '../redirects/redirects-panel.tsx'
import { ScriptsPanel } from '../scripts/scripts-panel.tsx'
import { SettingsPanel } from '../settings/settings-panel.tsx'
import { UsersPanel } from '../users/users-panel.tsx'
import { WebhooksPanel } from '../webhooks/webhooks-panel.tsx'
import { type AdminTab, groupedTabs, visibleTabs } from './admin-tabs.ts'
import { LogoutButton } from './logout-button.tsx'
import { AdminLoading, SignedOut } from './signed-out.tsx'
import { useAdminTab } from './use-admin-tab.ts'

/** /admin: loading, then the sign-in prompt or the dashboard (SPEC section 2). */
export function AdminDashboard() {
  const { data: user, isLoading, error } = useQuery<CurrentAdmin | null>({ queryKey: ['/api/auth/user'] })
  if (isLoading) return <AdminLoading />
  if (!user) return <SignedOut error={error} />
  return <Dashboard user={user} />
}

const panels: Record<Exclude<AdminTab, 'overview'>, (props: { me: CurrentAdmin }) => ReactNode> = {
  pages: PagesPanel,
  media: MediaPanel,
  redirects: RedirectsPanel,
  questionnaire: QuestionnairePanel,
  settings: SettingsPanel,
  scripts: ScriptsPanel,
  leads: LeadsPanel,
  analytics: AnalyticsPanel,
  webhooks: WebhooksPanel,
  experiments: ExperimentsPanel,
  conversions: ConversionsPanel,
  buyers: BuyersPanel,
  returns: ReturnsPanel,
  users: UsersPanel,
  subjects: SubjectsPanel,
}

function Dashboard({ user }: { user: CurrentAdmin }) {
  const tabs = visibleTabs(user.permissions)
  const [tab, setTab] = useAdminTab(tabs.map((t) => t.value))
  const can = (permission: Permission) => user.permissions.includes(permission)
  return (
    <div className="min-h-screen bg-slate-100">
      <ScreenHeader
        title="Admin Dashboard"
        width="7xl"
        subtitle={`Signed in as ${user.email} (${user.role})`}
      >
        <nav aria-label="Admin" className="flex flex-wrap gap-2">
          <Link to="/admin/account" className={buttonClasses('secondary', 'sm')}>
            <UserRound className="size-4" aria-hidden="true" />
            Account
          </Link>
          <Link to="/admin/api" className={buttonClasses('secondary', 'sm')}>
            <BookOpen className="size-4" aria-hidden="true" />
            API reference
          </Link>
          <Button variant="secondary" size="sm" onClick={() => window.open('/', '_blank', 'noopener')}>
            <ExternalLink className="size-4" aria-hidden="true" />
            View Site
          </Button>
          <LogoutButton />
        </nav>
      </ScreenHeader>
      <main className="mx-auto max-w-7xl px-4 py-6">
        <Tabs value={tab} onValueChange={(v) => setTab(v as AdminTab)}>
          {/* One tab list per group: Tab moves between groups, the arrow keys within one. */}
          <nav aria-label="Admin sections" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
            {groupedTabs(tabs).map((group) => (
              <div key={group.id} className="rounded-lg bg-slate-200 p-1">
                <p
                  id={`admin-tab-group-${group.id}`}
                  className="px-2 pt-1 pb-1.5 font-semibold text-slate-700 text-xs uppercase tracking-wide"
                >
                  {group.label}
                </p>
                <TabsList
                  aria-labelledby={`admin-tab-group-${group.id}`}
                  className="flex flex-wrap bg-transparent p-0"
                >
                  {group.tabs.map((t) => (
                    <TabsTrigger key={t.value} value={t.value} className="flex-auto">
                      {t.label}
                    </TabsTrigger>
                  ))}
                </TabsList>
              </div>
            ))}
          </nav>
          <TabsContent value="overview" className="mt-6">
            <OverviewPanel can={can} onSwitch={setTab} />
          </TabsContent>
          {tabs.map((t) => {
            if (t.value === 'overview') return null
            const Panel = panels[t.value]
            return (
              <TabsContent key={t.value} value={t.value} className="mt-6">
                <Panel me={user} />
              </TabsContent>
            )
          })}
        </Tabs>
      </main>
    </div>
  )
}
