import { describe, expect, it } from 'vitest'
import { type LeadPing, leadPingSchema } from '../../../core/schemas/delivered-lead.ts'
import { webhookBody } from './webhook-body.ts'

const ping: LeadPing = {
  event: 'lead.ping',
  pingId: 'ping-1',
  contractId: 3,
  pricePence: 2500,
  lead: {
    reference: 'ref-1',
    createdAt: '2026-01-02T03:04:05.000Z',
    questionnaire: null,
    answers: [],
    eligibility: null,
    outcome: 'eligible',
    phoneType: 'mobile',
    campaign: { utmSource: 'google', utmCampaign: null },
    consentVersion: null,
  },
}

describe('a webhook body checked against its published schema', () => {
  it('is the JSON of a body that matches', () => {
    expect(JSON.parse(webhookBody(leadPingSchema, ping, 'test'))).toEqual(ping)
  })

  it('fails on a field the document does not have, naming it and not its value', () => {
    const leaky = { ...ping, lead: { ...ping.lead, email: 'person@example.test' } }
    expect(() => webhookBody(leadPingSchema, leaky, 'development')).toThrow(/lead\.email: not in the schema/)
    expect(() => webhookBody(leadPingSchema, leaky, 'test')).not.toThrow(/person@example/)
  })

  it('fails on a missing or mistyped field', () => {
    const { pingId: _, ...missing } = ping
    expect(() => webhookBody(leadPingSchema, missing as LeadPing, 'test')).toThrow(/pingId/)
    expect(() => webhookBody(leadPingSchema, { ...ping, pricePence: 1.5 }, 'test')).toThrow(/pricePence/)
  })

  it('is not checked in production', () => {
    const { pingId: _, ...missing } = ping
    expect(() => webhookBody(leadPingSchema, missing as LeadPing, 'production')).not.toThrow()
  })
})
