import { DEFAULT_ROBOTS_TXT, type SettingRow } from '../../../../core/schemas/settings.ts'
import { LoadError } from '../load-error.tsx'
import { useList } from '../use-list.ts'
import { ComplianceCard } from './compliance-card.tsx'
import { LeadSettingsCard } from './lead-settings-card.tsx'
import { OperatorDetailsWarning } from './operator-warning.tsx'
import { SETTINGS, type SettingField, SettingsCard } from './settings-card.tsx'

/** SPEC section 2's eight settings, plus the buyer named beside the consent box. */
export const settingFields = [
  {
    key: 'site_title',
    label: 'Site Title',
    hint: 'Used in the browser tab and search results when a page has no title of its own.',
  },
  {
    key: 'site_description',
    label: 'Site Description',
    hint: 'The description search engines show when a page has none.',
    multiline: true,
  },
  {
    key: 'site_keywords',
    label: 'Site Keywords',
    hint: 'Comma-separated, e.g. car finance claim, PCP commission.',
  },
  {
    key: 'og_title',
    label: 'Social Title',
    hint: 'The title shown when the site is shared on social networks.',
  },
  {
    key: 'og_description',
    label: 'Social Description',
    hint: 'The text shown under the title when the site is shared.',
    multiline: true,
  },
  {
    key: 'og_image',
    label: 'Social Image URL',
    hint: 'A public https:// address of an image (1200 × 630 works best).',
    type: 'url',
    inputMode: 'url',
  },
  {
    key: 'favicon_url',
    label: 'Favicon URL',
    hint: 'A public https:// address of the site icon (SVG, PNG or ICO).',
    type: 'url',
    inputMode: 'url',
  },
  {
    key: 'partner_name',
    label: 'Partner Name',
    hint: 'The claims management company that receives the leads, named beside the consent box and in each lead’s consent record.',
  },
  {
    key: 'robots_txt',
    label: 'robots.txt',
    hint: `Tells search engines what they may crawl, served at /robots.txt. The default blocks every crawler: "${DEFAULT_ROBOTS_TXT.replace('\n', ' / ')}". Allow crawling before launch with "User-agent: * / Allow: /".`,
    multiline: true,
    monospace: true,
  },
] as const satisfies readonly SettingField[]

export function SettingsPanel() {
  const { data, error, isLoading } = useList<SettingRow>(SETTINGS)
  return (
    <div className="grid gap-6">
      <LoadError error={error} />
      <OperatorDetailsWarning data={data} />
      <SettingsCard
        title="Site Settings"
        description="Defaults for every page's head, the social preview and robots.txt"
        groups={[{ fields: settingFields }]}
        data={data}
        isLoading={isLoading}
        saveLabel="Save Settings"
      />
      <ComplianceCard data={data} isLoading={isLoading} />
      <LeadSettingsCard data={data} isLoading={isLoading} />
    </div>
  )
}
