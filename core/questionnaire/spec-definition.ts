import type { QuestionnaireDefinition } from './definition.ts'

/**
 * SPEC sections 2, 4 and 9 as a definition: the four questions with the texts core/eligibility.ts
 * shows, eligible only with PCP finance and commission not clearly explained, the estimate by loan
 * band. The seed installs it as the live version, so the public journey is unchanged by default.
 * Its question ids are the SPEC's answer names.
 */
export const specDefinition = {
  name: 'SPEC questionnaire (2007 to 2021, PCP)',
  questions: [
    {
      id: 'hadPcpFinance',
      title: 'Did you buy a car on PCP finance between 2007 and 2021?',
      hint: 'Personal Contract Purchase (PCP) or a similar car finance agreement arranged by the dealer.',
      options: [
        { value: 'yes', label: 'Yes' },
        // Nothing after it can make a claim: the questionnaire ends here.
        { value: 'no', label: 'No', ends: { outcome: 'not_eligible' } },
      ],
    },
    {
      id: 'purchaseDateRange',
      title: 'When did you take out the finance?',
      options: [
        { value: '2007-2010', label: '2007 - 2010' },
        { value: '2011-2014', label: '2011 - 2014' },
        { value: '2015-2018', label: '2015 - 2018' },
        { value: '2019-2021', label: '2019 - 2021' },
      ],
    },
    {
      id: 'loanAmount',
      title: 'Roughly how much did you borrow?',
      options: [
        { value: '5000-15000', label: '£5,000 - £15,000' },
        { value: '15000-25000', label: '£15,000 - £25,000' },
        { value: '25000-35000', label: '£25,000 - £35,000' },
        { value: '35000+', label: '£35,000+' },
      ],
    },
    {
      id: 'dealerDisclosedCommission',
      title: 'Did the dealer tell you they would earn commission on your finance?',
      options: [
        { value: 'no', label: 'No, commission was not explained' },
        { value: 'unclear', label: 'It was mentioned but not clearly explained' },
        { value: 'yes', label: 'Yes, it was clearly explained' },
      ],
    },
  ],
  rule: {
    guidance: [],
    eligibleWhen: {
      all: [
        { question: 'hadPcpFinance', in: ['yes'] },
        { question: 'dealerDisclosedCommission', in: ['no', 'unclear'] },
      ],
    },
  },
  estimate: {
    keys: ['loanAmount'],
    cells: [
      { values: ['5000-15000'], amount: 1500 },
      { values: ['15000-25000'], amount: 2500 },
      { values: ['25000-35000'], amount: 3500 },
      { values: ['35000+'], amount: 5000 },
    ],
    fallback: 2000,
    disclosure:
      "This is an estimate only, based on your answers and typical outcomes, before any fees. The amount you could receive depends on your agreement and on your lender's or the Financial Ombudsman's decision.",
  },
  operatorNotes:
    'The questionnaire of SPEC section 9 as first shipped. Its estimates (£1,500 to £5,000) are above the FCA’s published average award (£829, PS26/3, March 2026): publishing it again needs an evidence note.',
} as const satisfies QuestionnaireDefinition
