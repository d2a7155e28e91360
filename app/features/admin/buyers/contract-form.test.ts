import { describe, expect, it } from 'vitest'
import type { ContractView } from '../../../../core/schemas/buyer-views.ts'
import { contractCreateSchema, contractUpdateSchema } from '../../../../core/schemas/buyers.ts'
import {
  capsSummary,
  contractToForm,
  emptyContractForm,
  formToContract,
  poundsToPence,
  scheduleSummary,
  splitList,
} from './contract-form.ts'

const saved: ContractView = {
  id: 7,
  buyerId: 3,
  name: 'Mobiles',
  pricePence: 2550,
  exclusive: false,
  maxBuyers: 3,
  filters: {
    answers: { hadPcpFinance: ['yes'] },
    eligibleOnly: true,
    phoneTypes: ['mobile'],
    utmSources: ['google', 'bing'],
    landingPaths: ['/claims*'],
  },
  schedule: { days: [1, 2, 3, 4, 5], from: '09:00', to: '17:30', bankHolidays: false },
  caps: { hour: 5, day: 40, week: null, month: null, revenuePence: { day: 100_000 } },
  priority: 10,
  weight: 2,
  webhookUrl: 'https://buyer.example/leads',
  pingUrl: 'https://buyer.example/ping',
  secretHint: '…wxyz',
  acceptPath: 'status',
  acceptValues: ['ok', 'accepted'],
  reasonPath: null,
  returnWindowDays: 7,
  autoApproveReturns: true,
  isActive: true,
  createdAt: '2026-11-25T00:00:00.000Z',
  updatedAt: '2026-11-25T00:00:00.000Z',
}

describe('the contract form', () => {
  it('turns pounds into whole pence', () => {
    expect(poundsToPence(25.5)).toBe(2550)
    expect(poundsToPence(0.1 + 0.2)).toBe(30)
    expect(poundsToPence(null)).toBeUndefined()
  })

  it('splits lists on lines and commas, dropping blanks', () => {
    expect(splitList(' google \n\nbing, facebook ,')).toEqual(['google', 'bing', 'facebook'])
  })

  it('gives back the saved contract, with the secret left out, when nothing is changed', () => {
    const { secretHint, id, buyerId, createdAt, updatedAt, ...terms } = saved
    const body = formToContract(contractToForm(saved), true)
    expect(body).not.toHaveProperty('secret', expect.anything())
    expect(contractUpdateSchema.parse(body)).toEqual({ ...terms, secret: undefined })
  })

  it('makes a new contract the create schema accepts, with no filters, schedule or caps', () => {
    const form = {
      ...emptyContractForm('whsec_abc'),
      name: 'All',
      price: 12,
      webhookUrl: 'https://b.example/',
    }
    const body = contractCreateSchema.parse(formToContract(form, false))
    expect(body).toMatchObject({
      pricePence: 1200,
      exclusive: true,
      maxBuyers: 1,
      filters: {},
      schedule: null,
      caps: { hour: null, day: null, week: null, month: null },
      secret: 'whsec_abc',
      acceptPath: null,
      pingUrl: null,
    })
  })

  it('keeps a ping URL, and a blank one means none', () => {
    const form = contractToForm(saved)
    expect(form.pingUrl).toBe('https://buyer.example/ping')
    expect(contractUpdateSchema.parse(formToContract(form, true)).pingUrl).toBe('https://buyer.example/ping')
    expect(contractUpdateSchema.parse(formToContract({ ...form, pingUrl: ' ' }, true)).pingUrl).toBeNull()
    expect(contractUpdateSchema.safeParse({ pingUrl: 'ftp://buyer.example/' }).success).toBe(false)
  })

  it('sends a schedule only when one is set, and answers only for questions with a choice', () => {
    const form = {
      ...emptyContractForm('s'),
      scheduled: true,
      days: ['6', '7'],
      answers: { hadPcpFinance: ['yes'], loanAmount: [] },
    }
    const body = formToContract(form, false)
    expect(body.schedule).toEqual({ days: [6, 7], from: '09:00', to: '17:30', bankHolidays: false })
    expect(body.filters?.answers).toEqual({ hadPcpFinance: ['yes'] })
  })
})

describe('contract summaries', () => {
  it.each([
    [null, 'Any time'],
    [{ days: [1, 2, 3, 4, 5], from: '09:00', to: '17:30' }, 'Mon–Fri 09:00–17:30'],
    [
      { days: [1, 3], from: '20:00', to: '08:00', bankHolidays: true },
      'Mon, Wed 20:00–08:00, bank holidays too',
    ],
    [{ days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '24:00' }, 'Every day 00:00–24:00'],
  ])('schedule %j reads "%s"', (schedule, text) => {
    expect(scheduleSummary(schedule)).toBe(text)
  })

  it('takes revenue caps in pounds and sends them in pence, leaving empty ones out', () => {
    const form = { ...emptyContractForm('s'), revenueDay: 250.5, revenueMonth: 4000 }
    expect(formToContract(form, false).caps?.revenuePence).toEqual({ day: 25050, month: 400000 })
    expect(formToContract(emptyContractForm('s'), false).caps?.revenuePence).toBeUndefined()
  })

  it('lists the caps set', () => {
    expect(capsSummary({ hour: 5, day: 40, week: null })).toBe('5/hour, 40/day')
    expect(capsSummary({})).toBe('No caps')
  })
})
