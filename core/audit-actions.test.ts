import { describe, expect, it } from 'vitest'
import { describeActivity } from './audit-actions.ts'

describe('describeActivity for questionnaire versions', () => {
  it.each([
    ['questionnaire.create', { version: 3, name: 'x' }, 'Questionnaire version 3 created'],
    ['questionnaire.update', { version: 3, fields: ['definition'] }, 'Questionnaire version 3 updated'],
    ['questionnaire.delete', { version: 3 }, 'Questionnaire version 3 deleted'],
    ['questionnaire.duplicate', { version: 4, from: 2 }, 'Questionnaire version 4 created from version 2'],
    ['questionnaire.publish', { version: 2, previous: 1 }, 'Questionnaire version 2 published'],
  ])('%s reads "%s"', (action, detail, text) => {
    expect(describeActivity({ action, entityId: '9', detail })).toBe(text)
  })
})

describe('describeActivity for buyers and contracts', () => {
  it.each([
    ['buyer.create', { name: 'Acme Claims' }, "Buyer 'Acme Claims' added"],
    [
      'buyer.update',
      { name: 'Acme Claims', isActive: false, fields: ['isActive'] },
      "Buyer 'Acme Claims' turned off",
    ],
    ['contract.update', { name: 'Mobiles', fields: ['pricePence'] }, "Contract 'Mobiles' updated"],
    ['contract.delete', { name: 'Mobiles' }, "Contract 'Mobiles' deleted"],
  ])('%s reads "%s"', (action, detail, text) => {
    expect(describeActivity({ action, entityId: '4', detail })).toBe(text)
  })
})

describe('describeActivity for saved sections', () => {
  it.each([
    ['saved_section.create', { name: 'Hero' }, "Saved section 'Hero' added"],
    ['saved_section.update', { name: 'Big hero', fields: ['name'] }, "Saved section 'Big hero' renamed"],
    ['saved_section.delete', { name: 'Hero' }, "Saved section 'Hero' deleted"],
  ])('%s reads "%s"', (action, detail, text) => {
    expect(describeActivity({ action, entityId: '3', detail })).toBe(text)
  })
})

describe('describeActivity for sign-in and second factors', () => {
  it.each([
    ['auth.sign_in', { method: 'password+totp' }, 'Signed in with a password and an authenticator code'],
    ['auth.sign_in', { method: 'passkey' }, 'Signed in with a passkey'],
    ['auth.passkey_added', { name: 'Work laptop' }, "Passkey 'Work laptop' added"],
    ['auth.passkey_removed', { name: 'Work laptop' }, "Passkey 'Work laptop' removed"],
    ['auth.totp_enabled', null, 'Authenticator app turned on'],
    ['auth.factors_reset', null, "A user's second factors reset"],
  ])('%s reads "%s"', (action, detail, text) => {
    expect(describeActivity({ action, entityId: null, detail })).toBe(text)
  })
})
