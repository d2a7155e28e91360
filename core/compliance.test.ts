import { describe, expect, it } from 'vitest'
import {
  type Compliance,
  complianceKeys,
  complianceVersion,
  DEFAULT_COMPLIANCE,
  DEFAULT_FREE_ROUTE_STATEMENT,
  dateBandKeys,
  estimateKeys,
  feeDisclosure,
  firmIdentity,
  missingOperatorDetails,
  operatorDetails,
  readCompliance,
} from './compliance.ts'
import { assess } from './questionnaire/definition.ts'
import { specDefinition } from './questionnaire/spec-definition.ts'
import { specDefinitionFromSettings } from './questionnaire/spec-from-settings.ts'
import { settingValueError } from './schemas/settings.ts'

const settings = (entries: Record<string, string | null>) => new Map(Object.entries(entries))

describe('readCompliance', () => {
  it('gives the SPEC values and empty firm details when nothing is set', () => {
    const c = readCompliance(new Map())
    expect(c).toEqual(DEFAULT_COMPLIANCE)
    expect(c.estimates).toEqual({
      '5000-15000': 1500,
      '15000-25000': 2500,
      '25000-35000': 3500,
      '35000+': 5000,
    })
    expect(c.fallbackEstimate).toBe(2000)
    expect(Object.values(c.dateBandLabels)).toEqual([
      '2007 - 2010',
      '2011 - 2014',
      '2015 - 2018',
      '2019 - 2021',
    ])
    expect(c.freeRouteStatement).toBe(DEFAULT_FREE_ROUTE_STATEMENT)
    expect(c.freeRouteStatement).toMatch(/Financial Ombudsman Service/)
    expect([c.firmName, c.firmAddress, c.fcaNumber]).toEqual(['', '', ''])
  })

  it('reads every setting', () => {
    const c = readCompliance(
      settings({
        estimate_5000_15000: '1600',
        estimate_15000_25000: ' 2750 ',
        estimate_25000_35000: '3600',
        estimate_35000_plus: '5100',
        estimate_fallback: '2100',
        date_band_2007_2010: 'Jan 2007 to Dec 2010',
        free_route_statement: 'You can complain to your lender yourself for free, then to the Ombudsman.',
        fee_percentage: '27.5',
        fee_cap: '2500',
        firm_name: 'Claim Check Ltd',
        firm_address: '1 High Street, Leeds LS1 1AA',
        fca_reference_number: '123456',
      }),
    )
    expect(c.estimates).toEqual({
      '5000-15000': 1600,
      '15000-25000': 2750,
      '25000-35000': 3600,
      '35000+': 5100,
    })
    expect(c.fallbackEstimate).toBe(2100)
    expect(c.dateBandLabels['2007-2010']).toBe('Jan 2007 to Dec 2010')
    expect(c.dateBandLabels['2011-2014']).toBe('2011 - 2014')
    expect(c.feePercentage).toBe(27.5)
    expect(c.feeCap).toBe(2500)
    expect(c.firmName).toBe('Claim Check Ltd')
    expect(c.fcaNumber).toBe('123456')
  })

  it.each([
    [estimateKeys['5000-15000'], ['0', '-5', '1.5', 'lots', '£1500', '1,500', '99999999', 'NaN', 'Infinity']],
    [complianceKeys.fallbackEstimate, ['0', 'abc', '1e3']],
    [complianceKeys.feePercentage, ['101', '-1', '30%', 'thirty', '1.234', '1000']],
    [complianceKeys.feeCap, ['0', '-100', '10.50']],
    [complianceKeys.fcaNumber, ['12345', '12345678', 'FRN123456', '12 3456']],
    [
      complianceKeys.freeRouteStatement,
      ['Too short', `x${'y'.repeat(700)}`, 'Complain for free\u0000 to your lender now'],
    ],
    [dateBandKeys['2019-2021'], ['a\nb', 'x'.repeat(41), 'bad\u0007label']],
    [complianceKeys.firmName, ['Two\nlines', 'x'.repeat(121)]],
  ])('falls back to the default when %s is invalid', (key, bad) => {
    for (const value of bad) {
      expect(readCompliance(settings({ [key]: value })), `${key}=${JSON.stringify(value)}`).toEqual(
        DEFAULT_COMPLIANCE,
      )
      expect(settingValueError(key, value), `${key}=${JSON.stringify(value)}`).toEqual(expect.any(String))
    }
  })

  it.each(['', '   ', null])('falls back to the default for an empty value %j', (value) => {
    const all = Object.fromEntries(
      [...Object.values(estimateKeys), ...Object.values(dateBandKeys), ...Object.values(complianceKeys)].map(
        (key) => [key, value],
      ),
    )
    expect(readCompliance(settings(all))).toEqual(DEFAULT_COMPLIANCE)
    for (const key of Object.keys(all)) expect(settingValueError(key, value)).toBeUndefined()
  })

  it('keeps line breaks in the free-route statement', () => {
    const statement = 'You do not have to use a claims company.\nComplain to your lender for free.'
    expect(settingValueError(complianceKeys.freeRouteStatement, statement)).toBeUndefined()
    expect(readCompliance(settings({ free_route_statement: statement })).freeRouteStatement).toBe(statement)
  })

  it('ignores unrelated settings', () => {
    expect(readCompliance(settings({ site_title: 'x', estimate_other: '1' }))).toEqual(DEFAULT_COMPLIANCE)
  })

  it('gives the same object for the same settings map (read once per site revision)', () => {
    const map = settings({ fee_cap: '3000' })
    expect(readCompliance(map)).toBe(readCompliance(map))
  })
})

describe('complianceVersion', () => {
  const base = complianceVersion(DEFAULT_COMPLIANCE)

  it('is 16 hex digits, stable for equal values whatever the key order', () => {
    expect(base).toMatch(/^[0-9a-f]{16}$/)
    const reordered = Object.fromEntries(Object.entries(DEFAULT_COMPLIANCE).reverse()) as Compliance
    expect(complianceVersion({ ...reordered })).toBe(base)
    expect(complianceVersion(readCompliance(new Map()))).toBe(base)
  })

  it.each([
    ['an estimate', { estimate_15000_25000: '2600' }],
    ['the fallback', { estimate_fallback: '2001' }],
    ['a date band label', { date_band_2015_2018: '2015 to 2018' }],
    ['the free-route statement', { free_route_statement: `${DEFAULT_FREE_ROUTE_STATEMENT} Really.` }],
    ['the fee percentage', { fee_percentage: '25' }],
    ['the fee cap', { fee_cap: '9999' }],
    ['the firm name', { firm_name: 'Claim Check Ltd' }],
    ['the firm address', { firm_address: '1 High Street' }],
    ['the FCA number', { fca_reference_number: '123456' }],
  ])('changes when %s changes', (_what, changed) => {
    expect(complianceVersion(readCompliance(settings(changed)))).not.toBe(base)
  })

  it('does not change for a value that falls back to its default', () => {
    expect(complianceVersion(readCompliance(settings({ fee_cap: 'lots' })))).toBe(base)
  })
})

describe('the SPEC set installed from the settings (questionnaire version 1)', () => {
  const eligible = { hadPcpFinance: 'yes', purchaseDateRange: '2015-2018', dealerDisclosedCommission: 'no' }
  const custom = specDefinitionFromSettings(
    settings({ estimate_5000_15000: '1000', estimate_35000_plus: '9000', estimate_fallback: '1234' }),
  )

  it.each([
    ['5000-15000', 1000],
    ['15000-25000', 2500],
    ['35000+', 9000],
    ['lots', 1234],
    ['toString', 1234],
    ['__proto__', 1234],
  ])('estimates band %j at £%d', (loanAmount, estimate) => {
    expect(assess(custom, { ...eligible, loanAmount })).toEqual({ outcome: 'eligible', estimate })
  })

  it('uses the SPEC values without settings', () => {
    expect(specDefinitionFromSettings(settings({}))).toEqual(specDefinition)
  })

  it('relabels the date bands only, keeping their values', () => {
    const shown = specDefinitionFromSettings(settings({ date_band_2007_2010: 'Before 2011' })).questions
    expect(shown[1]?.options.map((o) => [o.value, o.label])).toEqual([
      ['2007-2010', 'Before 2011'],
      ['2011-2014', '2011 - 2014'],
      ['2015-2018', '2015 - 2018'],
      ['2019-2021', '2019 - 2021'],
    ])
    expect(shown[2]).toEqual(specDefinition.questions[2])
  })
})

describe('the statements', () => {
  it('discloses the fee percentage and cap', () => {
    expect(feeDisclosure(DEFAULT_COMPLIANCE)).toBe(
      'No win, no fee: if your claim succeeds, the claims management company’s fee is up to 30% of the compensation you receive, including VAT, and never more than £10,000. The FCA caps these fees, with lower limits for smaller awards.',
    )
    expect(feeDisclosure({ feePercentage: 27.5, feeCap: 2500 })).toContain('up to 27.5% ')
    expect(feeDisclosure({ feePercentage: 27.5, feeCap: 2500 })).toContain('never more than £2,500.')
    expect(feeDisclosure({ feePercentage: 0, feeCap: 2500 })).toMatch(/charges no fee/)
  })

  it.each([
    [{ firmName: '', firmAddress: '', fcaNumber: '' }, null],
    [{ firmName: 'Claim Check Ltd', firmAddress: '', fcaNumber: '' }, 'Claim Check Ltd.'],
    [
      { firmName: 'Claim Check Ltd.', firmAddress: '1 High Street, Leeds', fcaNumber: '123456' },
      'Claim Check Ltd., 1 High Street, Leeds. FCA firm reference number 123456.',
    ],
    [{ firmName: '', firmAddress: '', fcaNumber: '1234567' }, 'FCA firm reference number 1234567.'],
  ])('names the firm %j as %j', (firm, expected) => {
    expect(firmIdentity(firm)).toBe(expected)
  })
})

describe("the operator's details", () => {
  const none = {
    firmName: '',
    firmAddress: '',
    fcaNumber: '',
    companyNumber: '',
    icoNumber: '',
    fcaStatus: '',
  }
  const all = {
    firmName: 'Claim Check Ltd',
    companyNumber: '12345678',
    firmAddress: '1 High Street, Leeds LS1 1AA.',
    icoNumber: 'ZA123456',
    fcaNumber: '123456',
    fcaStatus: 'Authorised and regulated by the Financial Conduct Authority.',
  }

  it('states each filled detail on a line of its own, in a fixed order', () => {
    expect(operatorDetails(none)).toEqual([])
    expect(operatorDetails(all)).toEqual([
      'Claim Check Ltd, company number 12345678.',
      'Registered office: 1 High Street, Leeds LS1 1AA.',
      "Registered with the Information Commissioner's Office, number ZA123456.",
      'Authorised and regulated by the Financial Conduct Authority. FCA firm reference number 123456.',
    ])
    expect(operatorDetails({ ...none, companyNumber: 'SC123456' })).toEqual(['Company number SC123456.'])
    expect(operatorDetails({ ...none, fcaNumber: '123456' })).toEqual(['FCA firm reference number 123456.'])
  })

  it('lists what is missing; an FCA status alone counts as FCA details', () => {
    expect(missingOperatorDetails(none)).toEqual([
      'company name',
      'company number',
      'registered address',
      'ICO registration number',
      'FCA details',
    ])
    expect(missingOperatorDetails(all)).toEqual([])
    expect(missingOperatorDetails({ ...all, fcaNumber: '' })).toEqual([])
    expect(missingOperatorDetails({ ...all, fcaNumber: '', fcaStatus: '' })).toEqual(['FCA details'])
  })

  it('reads the new settings upper-cased, and falls back to empty for values it refuses', () => {
    const read = readCompliance(
      settings({ company_number: 'sc123456', ico_registration_number: 'za123456', fca_status: 'Exempt' }),
    )
    expect(read).toMatchObject({ companyNumber: 'SC123456', icoNumber: 'ZA123456', fcaStatus: 'Exempt' })
    expect(
      readCompliance(settings({ company_number: '123', ico_registration_number: 'ICO1' })),
    ).toMatchObject({
      companyNumber: '',
      icoNumber: '',
    })
  })
})
