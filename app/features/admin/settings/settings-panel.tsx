import { useEffect, useState } from 'react'
import { DEFAULT_ROBOTS_TXT, type SettingRow } from '../../../../core/schemas/settings.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { Field, Input, Textarea } from '../../../components/ui/field.tsx'
import { apiRequest, asList } from '../api.ts'
import { LoadError } from '../load-error.tsx'
import { useAdminMutation } from '../use-admin-mutation.ts'
import { useList } from '../use-list.ts'

const SETTINGS = '/api/admin/settings'

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
  },
  {
    key: 'favicon_url',
    label: 'Favicon URL',
    hint: 'A public https:// address of the site icon (SVG, PNG or ICO).',
    type: 'url',
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
] as const

type Values = Record<string, string>

export function SettingsPanel() {
  const { data, error, isLoading } = useList<SettingRow>(SETTINGS)
  const [saved, setSaved] = useState<Values>({})
  const [values, setValues] = useState<Values>({})

  // The form reloads when fresh settings arrive (after a save, the list is refetched).
  useEffect(() => {
    const stored: Values = Object.fromEntries(settingFields.map((f) => [f.key, '']))
    for (const row of asList<SettingRow>(data)) stored[row.key] = row.value ?? ''
    setSaved(stored)
    setValues(stored)
  }, [data])

  const changed = settingFields.filter((f) => (values[f.key] ?? '') !== (saved[f.key] ?? ''))
  const save = useAdminMutation({
    // One call per changed field (SPEC section 2).
    request: async (fields: { key: string; value: string }[]) => {
      for (const { key, value } of fields) await apiRequest('POST', SETTINGS, { key, value })
    },
    invalidate: [SETTINGS],
    success: () => ({ title: 'Settings updated' }),
    failure: () => ({ title: 'Error', description: 'Failed to update settings. Please try again.' }),
  })

  return (
    <Card
      title="Site Settings"
      description="Defaults for every page's head, the social preview and robots.txt"
    >
      <LoadError error={error} />
      <form
        className="grid gap-5"
        onSubmit={(event) => {
          event.preventDefault()
          if (changed.length === 0) return
          save.mutate(changed.map((f) => ({ key: f.key, value: values[f.key] ?? '' })))
        }}
      >
        <div className="grid gap-5 md:grid-cols-2">
          {settingFields.map((f) => (
            <Field
              key={f.key}
              label={f.label}
              hint={f.hint}
              className={'multiline' in f && f.multiline ? 'md:col-span-2' : undefined}
            >
              {(control) =>
                'multiline' in f && f.multiline ? (
                  <Textarea
                    {...control}
                    name={f.key}
                    rows={'monospace' in f && f.monospace ? 6 : 3}
                    className={'monospace' in f && f.monospace ? 'font-mono text-sm' : undefined}
                    value={values[f.key] ?? ''}
                    onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
                    disabled={isLoading}
                  />
                ) : (
                  <Input
                    {...control}
                    name={f.key}
                    inputMode={'type' in f ? 'url' : undefined}
                    value={values[f.key] ?? ''}
                    onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
                    disabled={isLoading}
                  />
                )
              }
            </Field>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending || changed.length === 0} aria-busy={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
          <p className="text-slate-600 text-sm" role="status">
            {changed.length === 0
              ? 'No unsaved changes'
              : `${changed.length} unsaved change${changed.length === 1 ? '' : 's'}`}
          </p>
        </div>
      </form>
    </Card>
  )
}
