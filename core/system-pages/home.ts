/** The home page as shipped (core/system-page-content.ts). */
export const homeContent = {
  sections: [
    {
      id: 's-hero',
      styles: {},
      widgets: [
        {
          id: 'hero',
          type: 'hero',
          content: {
            eyebrow: 'Car finance taken out 2007–2021',
            heading: 'Were you overcharged on your car finance?',
            text: 'Many PCP deals included hidden commission that pushed up the interest you paid. Check in under a minute whether you may be owed compensation.',
            ctaText: 'Start your free check',
            ctaLink: '#calculator',
            note: 'Free to check · No win, no fee · No obligation',
          },
          styles: {},
        },
      ],
    },
    {
      id: 's-stats',
      styles: {},
      widgets: [
        {
          id: 'stats',
          type: 'stats',
          content: {
            label: 'Key figures',
            items: [
              {
                value: '40M+',
                label: 'agreements affected',
                evidence: 'widespread-impact',
              },
              {
                value: '90%',
                label: 'used discretionary rates',
                evidence: 'commission-arrangements',
              },
              {
                value: '£16.8B',
                label: 'annual market',
                evidence: 'consumer-harm',
              },
              {
                value: '14',
                label: 'years under investigation',
                evidence: 'fca-investigation',
              },
            ],
          },
          styles: {},
        },
      ],
    },
    {
      id: 's-questionnaire',
      styles: {},
      widgets: [
        {
          id: 'questionnaire',
          type: 'questionnaire',
          content: {
            anchor: 'calculator',
            heading: 'Check your eligibility',
            text: 'Free, with no obligation.',
            phoneFirst: 'yes',
          },
          styles: {},
        },
      ],
    },
    {
      id: 's-steps',
      styles: {},
      widgets: [
        {
          id: 'steps',
          type: 'steps',
          content: {
            anchor: 'how-it-works',
            heading: 'How it works',
            items: [
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
            ],
            noteTitle: 'Why people are claiming',
            note: '<p>Until January 2021 many lenders let car dealers set the interest rate on finance and earn more commission the higher it was. The regulator banned these arrangements and has proposed a redress scheme. <a href="/evidence#regulatory-action" target="_blank" rel="noopener noreferrer">Read the regulator’s action<span class="sr-only"> (opens in a new tab)</span></a></p>',
          },
          styles: {},
        },
      ],
    },
    {
      id: 's-faq',
      styles: {},
      widgets: [
        {
          id: 'faq',
          type: 'faq',
          content: {
            anchor: 'faq',
            heading: 'Frequently asked questions',
            items: [
              {
                question: 'How much could I claim?',
                answer:
                  '<p>Typical claims range from £1,000 to £5,000 or more per agreement, depending on how much you borrowed, the interest you paid and the commission involved. The estimate you see here is a guide, not a guarantee.</p>',
              },
              {
                question: 'Is there a time limit for making a claim?',
                answer:
                  '<p>Generally you have 6 years from the date of the agreement or 3 years from when you became aware, or should reasonably have become aware, that you had cause to complain. It is worth checking as soon as you can.</p>',
              },
              {
                question: 'How much does it cost?',
                answer:
                  '<p>Checking your eligibility here is free. If you choose to use a claims management company, it works on a no-win, no-fee basis and its fee, usually 25-35% of any compensation, is only charged if your claim succeeds. You can also complain to your lender and the Financial Ombudsman Service yourself for free.</p>',
              },
              {
                question: 'How long does a claim take?',
                answer:
                  '<p>Most claims are resolved in 3 to 6 months, although complex cases, or cases that go to the Financial Ombudsman Service, can take longer.</p>',
              },
              {
                question: 'Will making a claim affect my credit score?',
                answer:
                  '<p>No. Making a complaint or a claim about car finance commission does not affect your credit score or your ability to get credit in future.</p>',
              },
              {
                question: 'Can I claim if I have already paid off my agreement?',
                answer:
                  '<p>Yes. You can still make a claim after the agreement has been settled, as long as it was taken out within the relevant period.</p>',
              },
            ],
          },
          styles: {},
        },
      ],
    },
  ],
}
