import type { ReactNode } from 'react'
import { Card } from '../../../components/ui/card.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { Switch } from '../../../components/ui/switch.tsx'
import { SlugField } from './page-fields.tsx'
import type { PageFormValues } from './page-form.ts'

type Set = <K extends keyof PageFormValues>(key: K, value: PageFormValues[K]) => void

/** A labelled on/off setting with a line saying what it does. */
function SettingSwitch(props: {
  id: string
  label: string
  checked: boolean
  onCheckedChange: (on: boolean) => void
  children: ReactNode
}) {
  return (
    <div className="flex items-center gap-3">
      <Switch
        id={props.id}
        checked={props.checked}
        onCheckedChange={props.onCheckedChange}
        aria-labelledby={`${props.id}-label`}
        aria-describedby={`${props.id}-hint`}
      />
      <div>
        <span id={`${props.id}-label`} className="font-medium">
          {props.label}
        </span>
        <p id={`${props.id}-hint`} className="text-slate-600 text-sm">
          {props.children}
        </p>
      </div>
    </div>
  )
}

/** The Settings tab's card: publishing, the title heading, the keyword and the address. */
export function PageSettingsCard({
  form,
  set,
  isSystem,
  origin,
  onSlugChange,
}: {
  form: PageFormValues
  set: Set
  isSystem: boolean
  origin: string
  onSlugChange: (slug: string) => void
}) {
  return (
    <Card title="Page Settings">
      <div className="grid max-w-2xl gap-5">
        <SettingSwitch
          id="settings-published"
          label="Published"
          checked={form.isPublished}
          onCheckedChange={(on) => set('isPublished', on)}
        >
          {form.isPublished ? 'Visible to everyone at its URL.' : 'A draft: only admins can see it.'}
        </SettingSwitch>
        <SettingSwitch
          id="settings-hide-title"
          label="Hide title heading"
          checked={form.hideTitle}
          onCheckedChange={(on) => set('hideTitle', on)}
        >
          For a page whose content opens with its own heading: the title is then read out by screen readers
          only, and stays the browser tab's name.
        </SettingSwitch>
        <Field label="Target Keyword" hint="For admin reference only, not used in SEO.">
          {(control) => (
            <Input
              {...control}
              value={form.targetKeyword}
              onChange={(e) => set('targetKeyword', e.target.value)}
            />
          )}
        </Field>
        <SlugField form={form} isSystem={isSystem} onChange={onSlugChange} />
        <div>
          <p className="font-medium text-slate-800 text-sm">Full URL</p>
          <p className="break-all font-mono text-slate-700 text-sm" data-testid="full-url">
            {origin}/{form.slug.trim()}
          </p>
        </div>
      </div>
    </Card>
  )
}
