import {
  type CapWindow,
  capWindows,
  type PhoneType,
  weekdays,
} from '../../../../core/routing/contract-terms.ts'
import type { ContractView } from '../../../../core/schemas/buyer-views.ts'
import type { ContractCaps, ContractInput, ContractSchedule } from '../../../../core/schemas/buyers.ts'

/**
 * The contract dialog's state: what the operator types (pounds, lists one per line, days ticked)
 * and its conversion to and from the API's contract (pence, arrays, a schedule or none).
 */
export type ContractForm = {
  name: string
  /** Pounds, as typed; sent as whole pence. */
  price: number | null
  sale: 'exclusive' | 'shared'
  maxBuyers: number | null
  /** questionId → the answers the buyer takes; a question with none ticked places no restriction. */
  answers: Record<string, string[]>
  eligibleOnly: boolean
  phoneTypes: string[]
  /** One entry per line (commas also separate). */
  utmSources: string
  utmCampaigns: string
  landingPaths: string
  scheduled: boolean
  days: string[]
  from: string
  to: string
  bankHolidays: boolean
  capHour: number | null
  capDay: number | null
  capWeek: number | null
  capMonth: number | null
  /** Revenue caps in pounds, as typed; sent as pence. */
  revenueHour: number | null
  revenueDay: number | null
  revenueWeek: number | null
  revenueMonth: number | null
  priority: number | null
  weight: number | null
  webhookUrl: string
  /** Blank: no ping, the whole lead is posted straight away. */
  pingUrl: string
  secret: string
  acceptPath: string
  acceptValues: string
  reasonPath: string
  returnWindowDays: number | null
  autoApproveReturns: boolean
  isActive: boolean
}

export const dayNames: Record<number, string> = {
  1: 'Mon',
  2: 'Tue',
  3: 'Wed',
  4: 'Thu',
  5: 'Fri',
  6: 'Sat',
  7: 'Sun',
}

const capKeys: Record<CapWindow, 'capHour' | 'capDay' | 'capWeek' | 'capMonth'> = {
  hour: 'capHour',
  day: 'capDay',
  week: 'capWeek',
  month: 'capMonth',
}

export const revenueCapKeys: Record<
  CapWindow,
  'revenueHour' | 'revenueDay' | 'revenueWeek' | 'revenueMonth'
> = {
  hour: 'revenueHour',
  day: 'revenueDay',
  week: 'revenueWeek',
  month: 'revenueMonth',
}

export function emptyContractForm(secret: string): ContractForm {
  return {
    name: '',
    price: null,
    sale: 'exclusive',
    maxBuyers: 1,
    answers: {},
    eligibleOnly: false,
    phoneTypes: [],
    utmSources: '',
    utmCampaigns: '',
    landingPaths: '',
    scheduled: false,
    days: ['1', '2', '3', '4', '5'],
    from: '09:00',
    to: '17:30',
    bankHolidays: false,
    capHour: null,
    capDay: null,
    capWeek: null,
    capMonth: null,
    revenueHour: null,
    revenueDay: null,
    revenueWeek: null,
    revenueMonth: null,
    priority: 100,
    weight: 1,
    webhookUrl: '',
    pingUrl: '',
    secret,
    acceptPath: '',
    acceptValues: '',
    reasonPath: '',
    returnWindowDays: 14,
    autoApproveReturns: false,
    isActive: true,
  }
}

/** An editing form for a saved contract; the secret is left blank (blank keeps the saved one). */
export function contractToForm(c: ContractView): ContractForm {
  const caps = Object.fromEntries(capWindows.map((w) => [capKeys[w], c.caps[w] ?? null])) as Pick<
    ContractForm,
    'capHour' | 'capDay' | 'capWeek' | 'capMonth'
  >
  return {
    ...emptyContractForm(''),
    name: c.name,
    price: c.pricePence / 100,
    sale: c.exclusive ? 'exclusive' : 'shared',
    maxBuyers: c.maxBuyers,
    answers: { ...(c.filters.answers ?? {}) },
    eligibleOnly: c.filters.eligibleOnly ?? false,
    phoneTypes: [...(c.filters.phoneTypes ?? [])],
    utmSources: (c.filters.utmSources ?? []).join('\n'),
    utmCampaigns: (c.filters.utmCampaigns ?? []).join('\n'),
    landingPaths: (c.filters.landingPaths ?? []).join('\n'),
    scheduled: c.schedule !== null,
    ...(c.schedule
      ? {
          days: c.schedule.days.map(String),
          from: c.schedule.from,
          to: c.schedule.to,
          bankHolidays: c.schedule.bankHolidays ?? false,
        }
      : {}),
    ...caps,
    ...(Object.fromEntries(
      capWindows.map((w) => {
        const pence = c.caps.revenuePence?.[w]
        return [revenueCapKeys[w], pence == null ? null : pence / 100]
      }),
    ) as Pick<ContractForm, 'revenueHour' | 'revenueDay' | 'revenueWeek' | 'revenueMonth'>),
    priority: c.priority,
    weight: c.weight,
    webhookUrl: c.webhookUrl,
    pingUrl: c.pingUrl ?? '',
    secret: '',
    acceptPath: c.acceptPath ?? '',
    acceptValues: (c.acceptValues ?? []).join('\n'),
    reasonPath: c.reasonPath ?? '',
    returnWindowDays: c.returnWindowDays,
    autoApproveReturns: c.autoApproveReturns,
    isActive: c.isActive,
  }
}

/** The entries of a one-per-line (or comma-separated) list, trimmed, blanks dropped. */
export function splitList(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter(Boolean)
}

/** Pounds as typed to whole pence; undefined when nothing usable was typed (the schema says so). */
export function poundsToPence(pounds: number | null): number | undefined {
  return pounds === null || !Number.isFinite(pounds) ? undefined : Math.round(pounds * 100)
}

const orUndefined = (value: number | null) => (value === null ? undefined : value)
const nonEmpty = <T>(list: T[]) => (list.length > 0 ? list : undefined)

/** The API's contract for the form. `editing`: a blank secret is left out, so the saved one stays. */
export function formToContract(form: ContractForm, editing: boolean): Partial<ContractInput> {
  const answers = Object.fromEntries(Object.entries(form.answers).filter(([, values]) => values.length > 0))
  const schedule: ContractSchedule | null = form.scheduled
    ? { days: form.days.map(Number), from: form.from, to: form.to, bankHolidays: form.bankHolidays }
    : null
  const caps: ContractCaps = Object.fromEntries(capWindows.map((w) => [w, form[capKeys[w]]]))
  const revenue = Object.fromEntries(
    capWindows.flatMap((w) => {
      const pence = poundsToPence(form[revenueCapKeys[w]])
      return pence === undefined ? [] : [[w, pence]]
    }),
  )
  if (Object.keys(revenue).length > 0) caps.revenuePence = revenue
  return {
    name: form.name,
    pricePence: poundsToPence(form.price) as number,
    exclusive: form.sale === 'exclusive',
    maxBuyers: form.sale === 'exclusive' ? 1 : (orUndefined(form.maxBuyers) as number),
    filters: {
      answers: Object.keys(answers).length > 0 ? answers : undefined,
      eligibleOnly: form.eligibleOnly || undefined,
      phoneTypes: nonEmpty(form.phoneTypes) as PhoneType[] | undefined,
      utmSources: nonEmpty(splitList(form.utmSources)),
      utmCampaigns: nonEmpty(splitList(form.utmCampaigns)),
      landingPaths: nonEmpty(splitList(form.landingPaths)),
    },
    schedule,
    caps,
    priority: orUndefined(form.priority),
    weight: orUndefined(form.weight),
    webhookUrl: form.webhookUrl,
    pingUrl: form.pingUrl.trim() === '' ? null : form.pingUrl,
    secret: editing && form.secret === '' ? undefined : form.secret,
    acceptPath: form.acceptPath.trim() === '' ? null : form.acceptPath,
    acceptValues: nonEmpty(splitList(form.acceptValues)) ?? null,
    reasonPath: form.reasonPath.trim() === '' ? null : form.reasonPath,
    returnWindowDays: orUndefined(form.returnWindowDays),
    autoApproveReturns: form.autoApproveReturns,
    isActive: form.isActive,
  }
}

export { formatPence } from '../../../../core/money.ts'

/** "Mon–Fri 09:00–17:30", "Mon, Wed 20:00–08:00, bank holidays too", or "Any time". */
export function scheduleSummary(schedule: ContractSchedule | null): string {
  if (!schedule) return 'Any time'
  const days = [...schedule.days].sort((a, b) => a - b)
  const consecutive = days.length > 2 && days.every((d, i) => i === 0 || d === (days[i - 1] as number) + 1)
  const dayText =
    days.length === weekdays.length
      ? 'Every day'
      : consecutive
        ? `${dayNames[days[0] as number]}–${dayNames[days[days.length - 1] as number]}`
        : days.map((d) => dayNames[d]).join(', ')
  return `${dayText} ${schedule.from}–${schedule.to}${schedule.bankHolidays ? ', bank holidays too' : ''}`
}

/** Said on every contract without a ping URL: its buyer gets the person before it decides. */
export const personalDataFirst = 'Gets personal data before deciding'

/** "5/hour, 40/day" or "No caps". */
export function capsSummary(caps: ContractCaps): string {
  const parts = capWindows.flatMap((w) => (caps[w] == null ? [] : [`${caps[w]}/${w}`]))
  return parts.length > 0 ? parts.join(', ') : 'No caps'
}
