/** The evidence page: the sources the copy cites as shipped (core/system-page-content.ts). */
export const evidenceContent = {
  sections: [
    {
      id: 's-title',
      styles: {},
      widgets: [
        {
          id: 'title',
          type: 'page-title',
          content: {
            heading: 'The Evidence',
            updated: '',
            intro:
              'What regulators and the courts have said about car finance commission, with a link to each original source so you can check it yourself.',
          },
          styles: {},
        },
      ],
    },
    {
      id: 's-evidence',
      styles: {},
      widgets: [
        {
          id: 'evidence',
          type: 'evidence',
          content: {
            items: [
              {
                anchor: 'fca-investigation',
                claim: 'The FCA opened a review of historical motor finance commission arrangements',
                explanation:
                  'In January 2024 the Financial Conduct Authority said it would use its powers under section 166 of the Financial Services and Markets Act 2000 to review historical motor finance commission arrangements and sales across several firms. It acted after a high number of complaints, most of which firms were rejecting, and two Financial Ombudsman Service decisions in favour of consumers. It also paused the usual eight-week deadline for firms to respond to complaints about discretionary commission arrangements.',
                source: 'FCA to review historical motor finance commission arrangements and sales',
                date: '11 January 2024',
                publisher: 'Financial Conduct Authority',
                url: 'https://www.fca.org.uk/news/press-releases/fca-review-historical-motor-finance-commission-arrangements-and-sales',
              },
              {
                anchor: 'commission-arrangements',
                claim:
                  'The Supreme Court found that undisclosed commission can make a car finance relationship unfair',
                explanation:
                  'The UK Supreme Court decided three linked appeals about commission paid by lenders to car dealers who arranged finance. It held that the dealers did not owe their customers fiduciary duties, so most of the claims failed. In Mr Johnson’s case, however, it upheld the finding that his relationship with the lender was unfair under section 140A of the Consumer Credit Act 1974, taking into account the size of the commission, a commercial tie between the dealer and the lender that was not disclosed to him, and how the paperwork presented the dealer’s role. The court stressed that whether a relationship is unfair depends on the facts of each case.',
                source:
                  'Hopcraft and another v Close Brothers Ltd; Johnson v FirstRand Bank Ltd; Wrench v FirstRand Bank Ltd [2025] UKSC 33',
                date: '1 August 2025',
                publisher: 'The Supreme Court of the United Kingdom',
                url: 'https://www.supremecourt.uk/cases/uksc-2024-0157',
              },
              {
                anchor: 'consumer-harm',
                claim:
                  'The FCA estimated that discretionary commission could cost consumers around £300m a year',
                explanation:
                  'The FCA’s review of the motor finance market found that commission models which let brokers set the interest rate, and paid them more the higher the rate, gave brokers a strong incentive to charge customers more. It estimated that these models could cost consumers around £300m a year in extra interest. On a typical £10,000 agreement, it found that higher commission under one such model was associated with roughly £1,100 more interest over four years.',
                source: 'Our work on motor finance – final findings',
                date: '4 March 2019',
                publisher: 'Financial Conduct Authority',
                url: 'https://www.fca.org.uk/publications/multi-firm-reviews/our-work-motor-finance-final-findings',
              },
              {
                anchor: 'widespread-impact',
                claim: 'The FCA estimates that around 14 million agreements could qualify for compensation',
                explanation:
                  'The FCA has consulted on an industry-wide redress scheme for motor finance agreements taken out between 6 April 2007 and 1 November 2024. It estimated that about 14.2 million agreements, around 44% of those taken out in that period, would be treated as unfair under the scheme, with average redress of around £700 per agreement. These figures are estimates attached to proposals: the final rules, and who qualifies, may differ.',
                source: 'CP25/27: Motor finance consumer redress scheme',
                date: '7 October 2025',
                publisher: 'Financial Conduct Authority',
                url: 'https://www.fca.org.uk/publications/consultation-papers/cp25-27-motor-finance-consumer-redress-scheme',
              },
              {
                anchor: 'regulatory-action',
                claim: 'The FCA banned discretionary commission arrangements from 28 January 2021',
                explanation:
                  'After consulting in 2019, the FCA confirmed a ban on motor finance commission models where the broker’s commission is linked to the interest rate the customer pays and the broker can set or adjust that rate. The ban took effect on 28 January 2021. The FCA also made its rules clearer on what credit brokers must tell customers about commission. The ban applies from that date; it does not in itself mean that every earlier agreement was unfair.',
                source:
                  'PS20/8: Motor finance discretionary commission models and consumer credit commission disclosure',
                date: '28 July 2020',
                publisher: 'Financial Conduct Authority',
                url: 'https://www.fca.org.uk/publications/policy-statements/ps20-8-motor-finance-discretionary-commission-models-consumer-credit-commission-disclosure',
              },
              {
                anchor: 'claims-process',
                claim:
                  'You can complain to your lender and the Financial Ombudsman Service yourself, for free',
                explanation:
                  'The FCA’s consumer guidance explains how to complain about car finance commission without help: contact your lender or broker first and, if you are unhappy with its final response, refer the complaint to the Financial Ombudsman Service. Neither step costs anything. You do not need a claims management company or law firm, and if you use one it will usually take a share of any compensation as its fee. The FCA has given firms extra time to respond to motor finance commission complaints, so replies may take longer than the usual eight weeks.',
                source: 'Car finance complaints',
                date: 'Updated regularly',
                publisher: 'Financial Conduct Authority',
                url: 'https://www.fca.org.uk/consumers/car-finance-complaints',
              },
            ],
          },
          styles: {},
        },
      ],
    },
  ],
}
