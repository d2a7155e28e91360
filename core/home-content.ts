export const stats = [
  { value: '40M+', label: 'agreements affected', evidence: 'widespread-impact' },
  { value: '90%', label: 'used discretionary rates', evidence: 'commission-arrangements' },
  { value: '£16.8B', label: 'annual market', evidence: 'consumer-harm' },
  { value: '14', label: 'years under investigation', evidence: 'fca-investigation' },
] as const

export const steps = [
  {
    title: 'Free eligibility check',
    text: 'Answer four quick questions about your car finance. It takes under a minute and costs nothing.',
  },
  {
    title: 'Expert referral',
    text: 'If you may be eligible, we pass your details, with your consent, to a claims management company regulated by the Financial Conduct Authority.',
  },
  {
    title: 'Professional support',
    text: 'A specialist contacts you within 24 hours to explain your options and, if you choose, handles the claim on a no-win, no-fee basis.',
  },
] as const

export const faqs = [
  {
    question: 'How much could I claim?',
    answer:
      'Typical claims range from £1,000 to £5,000 or more per agreement, depending on how much you borrowed, the interest you paid and the commission involved. The estimate you see here is a guide, not a guarantee.',
  },
  {
    question: 'Is there a time limit for making a claim?',
    answer:
      'Generally you have 6 years from the date of the agreement or 3 years from when you became aware, or should reasonably have become aware, that you had cause to complain. It is worth checking as soon as you can.',
  },
  {
    question: 'How much does it cost?',
    answer:
      'Checking your eligibility here is free. If you choose to use a claims management company, it works on a no-win, no-fee basis and its fee, usually 25-35% of any compensation, is only charged if your claim succeeds. You can also complain to your lender and the Financial Ombudsman Service yourself for free.',
  },
  {
    question: 'How long does a claim take?',
    answer:
      'Most claims are resolved in 3 to 6 months, although complex cases, or cases that go to the Financial Ombudsman Service, can take longer.',
  },
  {
    question: 'Will making a claim affect my credit score?',
    answer:
      'No. Making a complaint or a claim about car finance commission does not affect your credit score or your ability to get credit in future.',
  },
  {
    question: 'Can I claim if I have already paid off my agreement?',
    answer:
      'Yes. You can still make a claim after the agreement has been settled, as long as it was taken out within the relevant period.',
  },
] as const
