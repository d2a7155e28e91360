import type { Condition, EstimateReference, QuestionnaireDefinition } from './definition.ts'

/**
 * The FCA's estimate of the average award under its final motor finance redress scheme: the default
 * reference no published estimate may exceed without an evidence note. Sources: docs/decisions/0026.
 */
export const FCA_AVERAGE_AWARD = {
  amount: 829,
  label: 'FCA estimate of the average compensation per agreement',
  source: 'FCA Policy Statement PS26/3: Motor Finance Consumer Redress Scheme',
  url: 'https://www.fca.org.uk/publications/policy-statements/ps26-3-motor-finance-consumer-redress-scheme',
  date: '2026-03-30',
} as const satisfies EstimateReference

const COVERED_PRODUCTS = ['pcp', 'hp', 'conditional-sale', 'not-sure']
const SCHEME_PERIODS = ['2007-04-to-2014-03', '2014-04-to-2024-11']

const inScope: Condition = {
  all: [
    { question: 'product', in: COVERED_PRODUCTS },
    { question: 'agreementDate', in: SCHEME_PERIODS },
  ],
}

/**
 * A questionnaire that follows the FCA's final redress scheme (PS26/3, 30 March 2026). It ships
 * unpublished: the operator reviews every text and figure (each is an editable part of the
 * definition, sources in ADR 0026) and publishes it. A product or date the scheme does not cover
 * ends the journey early; someone who has already complained or has a representative gets guidance
 * instead of a referral.
 */
export const redressSchemeDefinition = {
  name: 'FCA motor finance redress scheme (PS26/3)',
  questions: [
    {
      id: 'product',
      title: 'What kind of finance did you use to buy the car?',
      hint: 'The FCA scheme covers personal contract purchase (PCP), hire purchase (HP) and conditional sale agreements. Leasing (personal contract hire) is not covered.',
      options: [
        { value: 'pcp', label: 'Personal contract purchase (PCP)' },
        { value: 'hp', label: 'Hire purchase (HP)' },
        { value: 'conditional-sale', label: 'Conditional sale' },
        { value: 'lease', label: 'Lease or personal contract hire' },
        { value: 'not-sure', label: 'I am not sure' },
      ],
    },
    {
      id: 'agreementDate',
      title: 'When did you sign the finance agreement?',
      hint: 'The scheme covers agreements from 6 April 2007 to 1 November 2024, in two parts split at 1 April 2014.',
      showWhen: { question: 'product', in: COVERED_PRODUCTS },
      options: [
        { value: 'before-2007-04', label: 'Before 6 April 2007' },
        { value: '2007-04-to-2014-03', label: '6 April 2007 to 31 March 2014' },
        { value: '2014-04-to-2024-11', label: '1 April 2014 to 1 November 2024' },
        { value: 'after-2024-11', label: 'After 1 November 2024' },
      ],
    },
    {
      id: 'lender',
      title: 'Who lent you the money?',
      hint: 'The finance company named on your agreement or statements, not the dealer.',
      showWhen: inScope,
      options: [
        { value: 'black-horse', label: 'Black Horse (Lloyds Banking Group)' },
        { value: 'santander', label: 'Santander Consumer Finance' },
        { value: 'motonovo', label: 'MotoNovo Finance' },
        { value: 'close-brothers', label: 'Close Brothers Motor Finance' },
        { value: 'barclays-partner-finance', label: 'Barclays Partner Finance' },
        { value: 'bmw-alphera', label: 'BMW Financial Services or ALPHERA' },
        { value: 'volkswagen', label: 'Volkswagen Financial Services' },
        { value: 'mercedes-benz', label: 'Mercedes-Benz Financial Services' },
        { value: 'credit-agricole', label: 'Crédit Agricole Auto Finance' },
        { value: 'honda', label: 'Honda Finance' },
        { value: 'other', label: 'Another lender, or I am not sure' },
      ],
    },
    {
      id: 'alreadyComplained',
      title: 'Have you already complained about this agreement, or appointed a claims company or solicitor?',
      showWhen: inScope,
      options: [
        { value: 'no', label: 'No' },
        { value: 'complained', label: 'Yes, I have complained to the lender or the Financial Ombudsman' },
        { value: 'represented', label: 'Yes, a claims company or solicitor acts for me' },
      ],
    },
  ],
  rule: {
    guidance: [
      {
        id: 'already-complained',
        when: { question: 'alreadyComplained', in: ['complained'] },
        title: 'Your complaint is already part of the scheme',
        text: 'You do not need to do anything else or pay anyone. Under the FCA’s redress scheme, lenders must include the complaints they have already received and tell you whether you are owed compensation. In July 2026 the Upper Tribunal partly suspended the scheme while legal challenges are heard; the FCA expects payments to start in 2027 if the scheme is upheld. Keep your lender’s letters: if you disagree with its answer, the Financial Ombudsman Service is free.',
      },
      {
        id: 'already-represented',
        when: { question: 'alreadyComplained', in: ['represented'] },
        title: 'Someone already acts for you',
        text: 'We cannot refer the same agreement again. Your contract with the claims company or solicitor says what they charge and how you can cancel. You do not need a representative to be compensated: the FCA’s scheme is free, and lenders must write to customers who may be owed money, who then have 6 months to opt in.',
      },
    ],
    eligibleWhen: {
      all: [inScope, { question: 'alreadyComplained', in: ['no'] }],
    },
  },
  estimate: {
    // No published figure per period or product: every cell is the FCA's average.
    keys: ['agreementDate'],
    cells: [
      { values: ['before-2007-04'], amount: FCA_AVERAGE_AWARD.amount },
      { values: ['2007-04-to-2014-03'], amount: FCA_AVERAGE_AWARD.amount },
      { values: ['2014-04-to-2024-11'], amount: FCA_AVERAGE_AWARD.amount },
      { values: ['after-2024-11'], amount: FCA_AVERAGE_AWARD.amount },
    ],
    fallback: FCA_AVERAGE_AWARD.amount,
    disclosure:
      'This is the FCA’s estimate of the average compensation per agreement under its redress scheme (Policy Statement PS26/3, 30 March 2026), not a promise. Many agreements are owed less or nothing; your lender works out what you are owed. The scheme is free to use without a claims company.',
    reference: FCA_AVERAGE_AWARD,
  },
  operatorNotes:
    'Check before publishing, against the FCA’s current pages (sources in docs/decisions/0026-questionnaire-definitions.md): (1) the scheme’s status: partly suspended by the Upper Tribunal in July 2026, hearing December 2026 or February 2027; (2) the £829 average and its date; (3) the lender list, which comes from press coverage, not from an FCA list; (4) who the scheme covers beyond product and date (individuals, sole traders and small partnerships per CP25/27; the de minimis threshold and the exclusions for high-value loans and some captive lenders were not found in the stored sources and are not asked about).',
} as const satisfies QuestionnaireDefinition
