import { capWindows, phoneTypes, weekdays } from '../../../../core/routing/contract-terms.ts'
import type { QuestionChoice } from '../../../../core/schemas/buyer-views.ts'
import { CheckboxGroup } from '../resource/choice-fields.tsx'
import { generateSecret } from '../resource/generate-secret.ts'
import type { FieldSpec } from '../resource/resource-form.tsx'
import { type ContractForm, dayNames, personalDataFirst, revenueCapKeys } from './contract-form.ts'

const phoneTypeLabels: Record<(typeof phoneTypes)[number], string> = {
  mobile: 'Mobile',
  landline: 'Landline',
  other: 'Other',
}
const capLabels = { hour: 'Per hour', day: 'Per day', week: 'Per week', month: 'Per month' } as const
const revenueCapLabels = { hour: 'Hourly £', day: 'Daily £', week: 'Weekly £', month: 'Monthly £' } as const
const capKeys = { hour: 'capHour', day: 'capDay', week: 'capWeek', month: 'capMonth' } as const

const listHint = 'One per line. Empty: any.'

/**
 * Every term of a contract, grouped as the operator thinks of them: the sale, which leads, when,
 * how many, and where they go. `questions` are the live questionnaire's, for the answer filters.
 */
export function contractFields(
  questions: readonly QuestionChoice[],
  savedSecretHint?: string,
): FieldSpec<ContractForm>[] {
  return [
    {
      kind: 'group',
      key: 'sale',
      legend: 'Sale',
      className: 'sm:grid-cols-2',
      fields: [
        { kind: 'text', name: 'name', label: 'Name', required: true, className: 'sm:col-span-2' },
        {
          kind: 'number',
          name: 'price',
          label: 'Price per lead (£)',
          required: true,
          min: 0,
          step: 0.01,
        },
        {
          kind: 'select',
          name: 'sale',
          label: 'Sold',
          options: [
            { value: 'exclusive', label: 'Exclusive (to this buyer only)' },
            { value: 'shared', label: 'Shared (with other buyers)' },
          ],
        },
        {
          kind: 'number',
          name: 'maxBuyers',
          label: 'Shared with at most (buyers)',
          min: 1,
          max: 99,
          when: ({ form }) => form.sale === 'shared',
        },
        {
          kind: 'number',
          name: 'priority',
          label: 'Priority',
          hint: 'Lower goes first.',
          min: 0,
        },
        {
          kind: 'number',
          name: 'weight',
          label: 'Weight',
          hint: 'Share among contracts of equal priority.',
          min: 0,
        },
      ],
    },
    {
      kind: 'group',
      key: 'filters',
      legend: 'Which leads',
      className: 'sm:grid-cols-2',
      fields: [
        {
          kind: 'custom',
          key: 'answers',
          render: ({ form, set }) => (
            <div className="grid gap-3 sm:col-span-2">
              {questions.length === 0 ? (
                <p className="text-slate-600 text-sm">No live questionnaire: answers cannot be filtered.</p>
              ) : null}
              {questions.map((q) => (
                <CheckboxGroup
                  key={q.id}
                  legend={q.title}
                  hint="None ticked: any answer."
                  options={q.options}
                  value={form.answers[q.id] ?? []}
                  onChange={(values) => set('answers', { ...form.answers, [q.id]: values })}
                />
              ))}
            </div>
          ),
        },
        { kind: 'switch', name: 'eligibleOnly', label: 'Eligible leads only', className: 'sm:col-span-2' },
        {
          kind: 'checkboxes',
          name: 'phoneTypes',
          label: 'Phone types',
          hint: 'None ticked: any.',
          className: 'sm:col-span-2',
          options: phoneTypes.map((t) => ({ value: t, label: phoneTypeLabels[t] })),
        },
        { kind: 'textarea', name: 'utmSources', label: 'utm_source', hint: listHint, rows: 2, mono: true },
        {
          kind: 'textarea',
          name: 'utmCampaigns',
          label: 'utm_campaign',
          hint: listHint,
          rows: 2,
          mono: true,
        },
        {
          kind: 'textarea',
          name: 'landingPaths',
          label: 'Landing pages',
          hint: 'Paths, one per line; end with * for a prefix, e.g. /claims*. Empty: any.',
          rows: 2,
          mono: true,
          className: 'sm:col-span-2',
        },
      ],
    },
    {
      kind: 'group',
      key: 'schedule',
      legend: 'When (UK time)',
      className: 'sm:grid-cols-2',
      fields: [
        { kind: 'switch', name: 'scheduled', label: 'Only at set times', className: 'sm:col-span-2' },
        {
          kind: 'checkboxes',
          name: 'days',
          label: 'Days',
          className: 'sm:col-span-2',
          options: weekdays.map((d) => ({ value: String(d), label: dayNames[d] as string })),
          when: ({ form }) => form.scheduled,
        },
        { kind: 'time', name: 'from', label: 'From', when: ({ form }) => form.scheduled },
        {
          kind: 'time',
          name: 'to',
          label: 'To',
          hint: 'Before From: overnight.',
          when: ({ form }) => form.scheduled,
        },
        {
          kind: 'switch',
          name: 'bankHolidays',
          label: 'Also on bank holidays',
          when: ({ form }) => form.scheduled,
        },
      ],
    },
    {
      kind: 'group',
      key: 'caps',
      legend: 'Caps (leads)',
      className: 'grid-cols-2 sm:grid-cols-4',
      fields: capWindows.map((w) => ({
        kind: 'number' as const,
        name: capKeys[w],
        label: capLabels[w],
        hint: 'Empty: no cap.',
        min: 0,
      })),
    },
    {
      kind: 'group',
      key: 'revenue-caps',
      legend: 'Caps (revenue, £)',
      className: 'grid-cols-2 sm:grid-cols-4',
      fields: capWindows.map((w) => ({
        kind: 'number' as const,
        name: revenueCapKeys[w],
        label: revenueCapLabels[w],
        hint: 'Empty: no cap.',
        min: 0,
      })),
    },
    {
      kind: 'group',
      key: 'delivery',
      legend: 'Delivery',
      className: 'sm:grid-cols-2',
      fields: [
        {
          kind: 'url',
          name: 'webhookUrl',
          label: 'Endpoint URL',
          required: true,
          mono: true,
          placeholder: 'https://buyer.example/leads',
          className: 'sm:col-span-2',
        },
        {
          kind: 'url',
          name: 'pingUrl',
          label: 'Ping URL',
          mono: true,
          placeholder: 'https://buyer.example/ping',
          className: 'sm:col-span-2',
          hint: ({ form }) =>
            form.pingUrl.trim() === ''
              ? `${personalDataFirst}: without a ping URL the buyer receives the whole lead (name, email, phone, IP address) before it accepts or rejects it.`
              : 'The buyer is first asked (no personal data) whether it takes the lead, and at what bid; only an acceptance is posted the lead.',
        },
        {
          kind: 'secret',
          name: 'secret',
          label: 'Secret',
          generate: generateSecret,
          required: ({ editing }) => !editing,
          className: 'sm:col-span-2',
          hint: ({ editing }) =>
            editing
              ? `Leave blank to keep the saved secret (${savedSecretHint ?? '…'}).`
              : 'Give this to the buyer now: once saved it is never shown again.',
        },
        {
          kind: 'text',
          name: 'acceptPath',
          label: 'Accepted when (JSON path)',
          hint: 'Optional, e.g. status; else a 2xx answer accepts.',
          mono: true,
        },
        {
          kind: 'textarea',
          name: 'acceptValues',
          label: 'Accepting values',
          hint: 'One per line, e.g. accepted.',
          rows: 2,
          mono: true,
        },
        {
          kind: 'text',
          name: 'reasonPath',
          label: 'Rejection reason (JSON path)',
          hint: 'Optional, e.g. reason.',
          mono: true,
        },
      ],
    },
    {
      kind: 'group',
      key: 'returns',
      legend: 'Returns',
      className: 'sm:grid-cols-2',
      fields: [
        { kind: 'number', name: 'returnWindowDays', label: 'Return window (days)', min: 0, max: 365 },
        { kind: 'switch', name: 'autoApproveReturns', label: 'Approve returns automatically' },
      ],
    },
    { kind: 'switch', name: 'isActive', label: 'Active' },
  ]
}
