import { type SettingCategory, type SettingDefinition, settingDefinitions } from './settings.ts'

export type SettingGroup = { id: string; legend?: string; description?: string }
export type SettingCard = {
  category: SettingCategory
  title: string
  description: string
  saveLabel: string
  groups: readonly SettingGroup[]
}

/** The cards of the settings screen, in order; their fields are the definitions of each group. */
export const settingCards = [
  {
    category: 'site',
    title: 'Site Settings',
    description: "Defaults for every page's head, the social preview and robots.txt",
    saveLabel: 'Save Settings',
    groups: [{ id: 'site' }],
  },
  {
    category: 'compliance',
    title: 'Compliance',
    description:
      'The statements the FCA expects near the estimate and the guard on publishing estimates. Changes show on the public site at once; each new lead records the version in force.',
    saveLabel: 'Save Compliance',
    groups: [
      {
        id: 'publishing',
        legend: 'Questionnaire publishing',
        description:
          'Estimates and the wording of answers belong to each questionnaire version: edit and publish them in the Questionnaire tab. This is the guard on publishing one: claims-company promotions have been withdrawn for inflated “up to” figures.',
      },
      {
        id: 'statements',
        legend: 'Statements near the estimate',
        description: 'Shown beside the estimate, under the form and in the footer of every public page.',
      },
      {
        id: 'firm',
        legend: 'Firm',
        description:
          'The company that runs this site, stated in the footer of every public page and in the confirmation email each visitor gets. Until these are filled in, nothing about the firm is shown beside the estimate.',
      },
    ],
  },
  {
    category: 'leads',
    title: 'Leads',
    description: 'How leads are de-duplicated, kept and announced',
    saveLabel: 'Save Lead Settings',
    groups: [{ id: 'leads' }],
  },
] as const satisfies readonly SettingCard[]

/** The definitions shown in one group of a card, in registry order. */
export function groupSettings(group: string): SettingDefinition[] {
  return settingDefinitions.filter((s) => s.group === group) as SettingDefinition[]
}
