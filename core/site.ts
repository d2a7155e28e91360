/**
 * Facts about the operator that appear in the public copy. One place, so that the legal pages,
 * footer and head always agree.
 */
export const site = {
  name: 'Car Finance Claim Check',
  shortName: 'ClaimCheck',
  companyName: 'Car Finance Claim Check Ltd',
  contactEmail: 'hello@carfinanceclaimcheck.co.uk',
  privacyEmail: 'privacy@carfinanceclaimcheck.co.uk',
  contactHours: 'Monday to Friday, 9am to 5:30pm',
} as const
