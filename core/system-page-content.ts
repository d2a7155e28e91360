/**
 * The system pages' shipped content (docs/decisions/0075-system-pages-from-blocks.md): the SPEC's
 * public pages, section by section, as builder content. Seeded for a fresh install and, by
 * migration 0044, into a system page whose content is still empty; an operator's edits are never
 * overwritten. Generated once from the code that rendered these pages before; edit freely.
 */
import { nextSteps } from './lead-confirmation.ts'
import type { SystemPageSlug } from './paths.ts'

export const systemPageContent: Record<SystemPageSlug, unknown> = {
  home: {
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
  },
  evidence: {
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
  },
  'privacy-policy': {
    sections: [
      {
        id: 's-title',
        styles: {},
        widgets: [
          {
            id: 'title',
            type: 'page-title',
            content: {
              heading: 'Privacy Policy',
              updated: 'Last updated: January 2025',
              intro: '',
            },
            styles: {},
          },
        ],
      },
      {
        id: 's-policy',
        styles: {},
        widgets: [
          {
            id: 'policy',
            type: 'policy',
            content: {
              numbered: 'yes',
              sections: [
                {
                  anchor: 'privacy-about',
                  title: 'About Our Service',
                  body: '<p>Car Finance Claim Check is a website run by Car Finance Claim Check Ltd (&quot;we&quot;, &quot;us&quot;, &quot;our&quot;). It offers a short, free questionnaire that gives you an indication of whether you may have a claim about commission on a car finance agreement, such as a personal contract purchase (PCP) or hire purchase agreement.</p><p>We are not a claims management company, a law firm or a lender. We do not give legal or financial advice and we do not make or manage claims. If you ask us to, we refer your enquiry to a claims management company authorised and regulated by the Financial Conduct Authority (FCA), which may then contact you. We may be paid by that company when an enquiry we refer to it leads to a successful claim.</p><p>You do not need to use a claims management company. You can complain directly to your lender for free and, if you are not satisfied with its final response, refer your complaint to the <a href="https://www.financial-ombudsman.org.uk" target="_blank" rel="noopener noreferrer" class="rounded-sm text-teal-700 underline underline-offset-2 hover:text-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700">Financial Ombudsman Service<span class="sr-only"> (opens in a new tab)</span></a>, which is also free.</p><p>Car Finance Claim Check Ltd is the controller of the personal information described in this policy. This means we decide how and why it is used, and we are responsible for protecting it under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018. Our contact details are in section 11.</p><p>Our service is intended for adults aged 18 or over. We do not knowingly collect information about children.</p>',
                  action: '',
                },
                {
                  anchor: 'privacy-collect',
                  title: 'Information We Collect',
                  body: '<p>Depending on how you use our website, we may collect:</p><ul class="list-disc space-y-2 pl-5"><li><strong class="font-semibold text-slate-900">Contact details:</strong> your name, email address and phone number.</li><li><strong class="font-semibold text-slate-900">Car finance details</strong> (optional): for example, the approximate date of your agreement, the type of finance, the lender and the vehicle, if you choose to give them.</li><li><strong class="font-semibold text-slate-900">Questionnaire answers:</strong> your answers to the eligibility questions and the indicative result.</li><li><strong class="font-semibold text-slate-900">Consent record:</strong> the date and time you gave consent, the exact wording you agreed to, and the page or form on which you gave it. We keep this so that we can show what you agreed to and when.</li><li><strong class="font-semibold text-slate-900">Technical data:</strong> your IP address, browser and device type, the pages you visit, the date and time of your visit, and the website or advert that referred you. Some of this is collected using cookies or similar technologies, as explained in our <a href="/cookie-policy" class="rounded-sm text-teal-700 underline underline-offset-2 hover:text-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700">Cookie Policy</a>.</li><li><strong class="font-semibold text-slate-900">Correspondence:</strong> anything you tell us when you contact us, for example by email.</li></ul><p>We collect this information directly from you when you complete the questionnaire or contact us, and automatically when you use the website. We do not ask for special category information (such as information about your health), and we ask you not to include it in free-text answers.</p>',
                  action: '',
                },
                {
                  anchor: 'privacy-use',
                  title: 'How We Use Your Information',
                  body: '<p>Data protection law requires us to have a lawful basis for each way we use your information. We rely on the following:</p><ul class="list-disc space-y-2 pl-5"><li><strong class="font-semibold text-slate-900">Consent</strong>, to refer your enquiry and contact details to the claims management company, and to use non-essential cookies. You can withdraw consent at any time (see section 5). Withdrawing it does not affect anything we did with your consent before you withdrew it.</li><li><strong class="font-semibold text-slate-900">Legitimate interests</strong>, to keep our website secure, prevent fraud, spam and misuse, respond to your messages, and understand how well our service works. We only rely on this where our interests are not outweighed by your rights and interests.</li><li><strong class="font-semibold text-slate-900">Legal obligation</strong>, to keep records we are required to keep, to respond to requests from regulators and other authorities, and to handle requests you make under data protection law.</li></ul><p>We use your information to:</p><ul class="list-disc space-y-2 pl-5"><li>show you the result of the eligibility questionnaire;</li><li>refer your enquiry to the claims management company, if you ask us to;</li><li>keep a record of your consent;</li><li>reply to your questions and requests;</li><li>protect our website and users against fraud and misuse; and</li><li>meet our legal and regulatory obligations.</li></ul><p>We will not send you marketing messages unless you have agreed to receive them.</p><h3 class="mt-6 text-lg font-semibold leading-snug text-slate-900">Automated decision-making</h3><p>The eligibility check is an indicative, rule-based check of the answers you give. It is only a guide: it does not decide whether you have a valid claim, and it has no legal or similarly significant effect on you. Whether a claim is pursued, and its outcome, is decided by people at the claims management company and, ultimately, by your lender, the Financial Ombudsman Service or a court. We do not make any decision about you based solely on automated processing that has a legal or similarly significant effect.</p>',
                  action: '',
                },
                {
                  anchor: 'privacy-sharing',
                  title: 'Sharing Your Information',
                  body: '<p>With your consent, we share your contact details, questionnaire answers, any car finance details you gave and your consent record with the FCA-authorised claims management company that we refer your enquiry to. Its name is shown to you when you give your consent, and you can ask us for it at any time. Once it receives your information, that company is a separate controller and its own privacy notice will explain how it uses your information.</p><p>We may also share your information with:</p><ul class="list-disc space-y-2 pl-5"><li>service providers who act on our instructions, such as website hosting, database, email and security providers, under contracts that require them to protect it;</li><li>analytics and advertising providers, but only where you have agreed to the relevant cookies;</li><li>our professional advisers, such as lawyers, accountants and insurers;</li><li>regulators, law enforcement agencies, courts and other authorities where the law requires it or to prevent fraud; and</li><li>a buyer or successor if our business, or part of it, is sold or restructured, in which case this policy will continue to apply to your information.</li></ul><p><strong class="font-semibold text-slate-900">We do not sell your personal information.</strong> We only share it with the claims management company when you have asked us to.</p><h3 class="mt-6 text-lg font-semibold leading-snug text-slate-900">International transfers</h3><p>We aim to keep your information within the UK. Some of our service providers may store or access information outside the UK. Where that happens, we make sure the transfer is protected as UK data protection law requires, for example because the country is covered by UK adequacy regulations or because we use the International Data Transfer Agreement or the UK Addendum to the EU standard contractual clauses. You can contact us for more information about these safeguards.</p>',
                  action: '',
                },
                {
                  anchor: 'privacy-rights',
                  title: 'Your Rights',
                  body: '<p>Under the UK GDPR you have the right to:</p><ul class="list-disc space-y-2 pl-5"><li><strong class="font-semibold text-slate-900">Access</strong> – ask for a copy of the personal information we hold about you.</li><li><strong class="font-semibold text-slate-900">Rectification</strong> – ask us to correct information that is inaccurate or incomplete.</li><li><strong class="font-semibold text-slate-900">Erasure</strong> – ask us to delete your information in certain circumstances.</li><li><strong class="font-semibold text-slate-900">Restriction</strong> – ask us to limit how we use your information, for example while we check its accuracy.</li><li><strong class="font-semibold text-slate-900">Data portability</strong> – ask for information you gave us, in a commonly used electronic format, or ask us to send it to another organisation, where we rely on your consent.</li><li><strong class="font-semibold text-slate-900">Objection</strong> – object to our use of your information where we rely on legitimate interests, and to direct marketing at any time.</li><li><strong class="font-semibold text-slate-900">Withdraw consent</strong> – withdraw any consent you have given, at any time.</li></ul><p>You also have rights relating to automated decision-making, explained in section 3.</p><p>To use any of these rights, email us at <a href="mailto:privacy@carfinanceclaimcheck.co.uk" class="rounded-sm text-teal-700 underline underline-offset-2 hover:text-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700">privacy@carfinanceclaimcheck.co.uk</a>. We will not normally charge a fee. We may need to confirm your identity before we act on your request. We will respond within one month, or tell you within that month if we need up to two more months because your request is complex. If you withdraw your consent after we have referred your enquiry, we will tell you how to contact the claims management company so that you can exercise your rights with it too.</p>',
                  action: '',
                },
                {
                  anchor: 'privacy-security',
                  title: 'Security',
                  body: '<p>We use appropriate technical and organisational measures to protect your information from loss, misuse and unauthorised access. These include encrypted connections (HTTPS), restricting access to the people and service providers who need it, and requiring our service providers to keep it secure.</p><p>No website or method of storing information can be completely secure. If a personal data breach happens, we will follow the law, which includes telling the Information Commissioner&#x27;s Office within 72 hours where required and telling you without undue delay if the breach is likely to put your rights and freedoms at high risk.</p>',
                  action: '',
                },
                {
                  anchor: 'privacy-retention',
                  title: 'Data Retention',
                  body: '<p>We keep your enquiry, questionnaire answers and consent record for up to 6 years from our last contact with you. We keep them for this long so that we can show what you agreed to, deal with any questions or complaints, and defend legal claims, which can generally be brought up to 6 years after the events concerned.</p><p>We keep technical and security data only for as long as it is needed for those purposes. When we no longer need information, we delete it securely or make it anonymous so that it can no longer identify you. If you ask us to delete your information, we will do so unless we need to keep some of it to meet a legal obligation or to deal with a legal claim.</p>',
                  action: '',
                },
                {
                  anchor: 'privacy-cookies',
                  title: 'Cookies',
                  body: '<p>We use essential cookies and similar technologies to make our website work. We only use analytics, marketing and preference cookies if you agree to them, and you can change your choices at any time. Our <a href="/cookie-policy" class="rounded-sm text-teal-700 underline underline-offset-2 hover:text-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700">Cookie Policy</a> explains which cookies we use and how to manage them.</p><p>We count visits to our website without cookies or storage on your device. You can object to being counted with the &quot;Don&#x27;t count my visits&quot; button in our Cookie Policy, or with your browser&#x27;s Global Privacy Control, which we honour.</p>',
                  action: '',
                },
                {
                  anchor: 'privacy-links',
                  title: 'Third-Party Links',
                  body: '<p>Our website links to other websites, such as those of the FCA, the Financial Ombudsman Service and the Information Commissioner&#x27;s Office. We are not responsible for how those websites handle your information. Please read their privacy notices before giving them any personal information.</p>',
                  action: '',
                },
                {
                  anchor: 'privacy-changes',
                  title: 'Changes to This Policy',
                  body: '<p>We may update this policy from time to time, for example when the law or our service changes. We will publish the updated version on this page and change the &quot;last updated&quot; date at the top. If we make significant changes to how we use information you have already given us, we will tell you and, where the law requires, ask for your consent again.</p>',
                  action: '',
                },
                {
                  anchor: 'privacy-contact',
                  title: 'Contact Us',
                  body: '<p>If you have any questions about this policy or how we use your information, or you want to use any of your rights, please contact Car Finance Claim Check Ltd by email at <a href="mailto:privacy@carfinanceclaimcheck.co.uk" class="rounded-sm text-teal-700 underline underline-offset-2 hover:text-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700">privacy@carfinanceclaimcheck.co.uk</a>.</p>',
                  action: '',
                },
                {
                  anchor: 'privacy-complaints',
                  title: 'Complaints',
                  body: '<p>If you are unhappy with how we have handled your information, please complain to us first so that we can try to put things right: <a href="/complaints" class="rounded-sm text-teal-700 underline underline-offset-2 hover:text-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700">make a data-protection complaint</a>. You will get a reference and an acknowledgement email straight away; we acknowledge every complaint within 30 days of receiving it and answer it without undue delay.</p><p>If you are not satisfied with our answer, you can then complain to the Information Commissioner&#x27;s Office (ICO), the UK regulator for data protection:</p><ul class="list-disc space-y-2 pl-5"><li>Website: <a href="https://ico.org.uk/make-a-complaint" target="_blank" rel="noopener noreferrer" class="rounded-sm text-teal-700 underline underline-offset-2 hover:text-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700">ico.org.uk/make-a-complaint<span class="sr-only"> (opens in a new tab)</span></a></li><li>Helpline: <a href="tel:03031231113" class="rounded-sm text-teal-700 underline underline-offset-2 hover:text-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700">0303 123 1113</a></li></ul><p>This is separate from any complaint about your car finance. You can complain to your lender about your agreement, and then to the Financial Ombudsman Service, yourself and free of charge, without using a claims management company.</p>',
                  action: '',
                },
              ],
            },
            styles: {},
          },
        ],
      },
    ],
  },
  'cookie-policy': {
    sections: [
      {
        id: 's-title',
        styles: {},
        widgets: [
          {
            id: 'title',
            type: 'page-title',
            content: {
              heading: 'Cookie Policy',
              updated: 'Last updated: 28 November 2026 · Version 1.2',
              intro: '',
            },
            styles: {},
          },
        ],
      },
      {
        id: 's-policy',
        styles: {},
        widgets: [
          {
            id: 'policy',
            type: 'policy',
            content: {
              numbered: 'no',
              sections: [
                {
                  anchor: 'cookies-what',
                  title: 'What Are Cookies',
                  body: '<p>Cookies are small text files that a website stores on your computer, phone or tablet when you visit it. They let the website recognise your device and remember information about your visit. Websites can also store information in your browser in similar ways, such as local storage. In this policy, &quot;cookies&quot; includes these similar technologies.</p>',
                  action: '',
                },
                {
                  anchor: 'cookies-how',
                  title: 'How We Use Cookies',
                  body: '<p>Car Finance Claim Check Ltd uses a small number of essential cookies to make Car Finance Claim Check work and to remember your cookie choices. We only use analytics, marketing and preference cookies if you agree to them. When you first visit, these are switched off, and you can accept or reject each category, or change your mind later.</p><p>Where third parties such as Google provide cookies for analytics or advertising, those cookies are only set if you have agreed to the relevant category.</p>',
                  action: '',
                },
                {
                  anchor: 'cookies-counting',
                  title: 'How We Count Visits Without Cookies',
                  body: '<p>To know which pages and campaigns bring people who go on to check their eligibility, we count visits in a way that stores nothing on your device: no cookie, no local storage and no session storage, so it needs no consent and works the same whether or not you accept cookies.</p><ul class="list-disc space-y-2 pl-5"><li><strong class="font-semibold text-slate-900">What is counted</strong>: the pages you view, whether you start the questionnaire, which questions you answer, whether the result says you may be eligible, whether you start and send the contact form, and whether a claim was later taken on.</li><li><strong class="font-semibold text-slate-900">How a visitor is recognised</strong>: for one day only, by a one-way code made from your IP address and browser details mixed with a random value that changes every day. The random value is deleted when the day ends, so nobody, including us, can work out who you were or link one day&#x27;s visits to another&#x27;s.</li><li><strong class="font-semibold text-slate-900">What is kept</strong>: counts per hour, with the page you arrived on, the campaign tags in the address you followed (such as <code class="rounded bg-slate-100 px-1 py-0.5 font-mono text-sm text-slate-900 break-all">utm_source</code>), the website that referred you (its domain only) and whether you used a phone, tablet or computer. Your IP address and browser details are never stored for this.</li><li>Automated visits (search engine crawlers and other bots) are not counted.</li></ul>',
                  action: '',
                },
                {
                  anchor: 'cookies-objecting',
                  title: 'Objecting to Being Counted',
                  body: '<p>We count visits without cookies or storage on your device. You can object, and we then stop counting your visits from this browser: use the button below, or turn on Global Privacy Control in your browser, which we honour.</p>',
                  action: 'counting-choice',
                },
                {
                  anchor: 'cookies-categories',
                  title: 'Cookie Categories',
                  body: '<div class="space-y-3"><h3 class="text-lg font-semibold leading-snug text-slate-900">Essential Cookies</h3><p><span class="inline-block rounded-full border px-2.5 py-0.5 text-sm font-medium border-teal-700 text-teal-800">Always active</span></p><p>These are needed for the website to function and to keep it secure, so they cannot be switched off. They do not need your consent. They include:</p><ul class="list-disc space-y-2 pl-5"><li>your cookie choices, stored in your browser&#x27;s local storage under <code class="rounded bg-slate-100 px-1 py-0.5 font-mono text-sm text-slate-900 break-all">cookie_consent_v1</code>, so that we respect your choices and do not ask you again on every page;</li><li>after you send an enquiry, <code class="rounded bg-slate-100 px-1 py-0.5 font-mono text-sm text-slate-900 break-all">enquiry_ref</code>, which holds only its reference so that the thank-you page can show it and the firms you agreed to hear from. It is sent to that page alone and expires after an hour;</li><li>if you choose &quot;Don&#x27;t count my visits&quot;, <code class="rounded bg-slate-100 px-1 py-0.5 font-mono text-sm text-slate-900 break-all">cc_no_count</code>, which remembers that choice for a year so that we do not count your visits (after you undo it, it is kept for ten minutes only, to confirm the change); and</li><li>a session cookie for site administrators who sign in, which keeps them signed in securely. It is not set for ordinary visitors.</li></ul></div><div class="space-y-3"><h3 class="text-lg font-semibold leading-snug text-slate-900">Analytics Cookies</h3><p><span class="inline-block rounded-full border px-2.5 py-0.5 text-sm font-medium border-slate-300 text-slate-700">Off unless you opt in</span></p><p>These collect anonymous information about how visitors use the website, such as which pages are visited and where visitors leave. This helps us understand what works and improve the site.</p></div><div class="space-y-3"><h3 class="text-lg font-semibold leading-snug text-slate-900">Marketing Cookies</h3><p><span class="inline-block rounded-full border px-2.5 py-0.5 text-sm font-medium border-slate-300 text-slate-700">Off unless you opt in</span></p><p>These track visitors across websites so that relevant adverts can be shown, and help us measure how well our advertising campaigns work.</p></div><div class="space-y-3"><h3 class="text-lg font-semibold leading-snug text-slate-900">Preference Cookies</h3><p><span class="inline-block rounded-full border px-2.5 py-0.5 text-sm font-medium border-slate-300 text-slate-700">Off unless you opt in</span></p><p>These remember choices you make so that the website works the way you prefer.</p></div>',
                  action: '',
                },
                {
                  anchor: 'cookies-consent-mode',
                  title: 'Google Consent Mode',
                  body: '<p>We use Google Consent Mode to pass your choices to any Google tags on our website. By default, every consent signal is set to &quot;denied&quot;, except security storage, which is needed to keep the website secure. While a signal is denied, Google tags are told not to store or read cookies for that purpose.</p><p>When you opt in to a category, we update the matching signals to &quot;granted&quot;:</p><ul class="list-disc space-y-2 pl-5"><li><strong class="font-semibold text-slate-900">Marketing</strong>: <code class="rounded bg-slate-100 px-1 py-0.5 font-mono text-sm text-slate-900 break-all">ad_storage</code>, <code class="rounded bg-slate-100 px-1 py-0.5 font-mono text-sm text-slate-900 break-all">ad_user_data</code> and <code class="rounded bg-slate-100 px-1 py-0.5 font-mono text-sm text-slate-900 break-all">ad_personalization</code></li><li><strong class="font-semibold text-slate-900">Analytics</strong>: <code class="rounded bg-slate-100 px-1 py-0.5 font-mono text-sm text-slate-900 break-all">analytics_storage</code></li><li><strong class="font-semibold text-slate-900">Preferences</strong>: <code class="rounded bg-slate-100 px-1 py-0.5 font-mono text-sm text-slate-900 break-all">functionality_storage</code> and <code class="rounded bg-slate-100 px-1 py-0.5 font-mono text-sm text-slate-900 break-all">personalization_storage</code></li></ul><p>We keep your choices for 13 months (390 days). After that, we ask you again, so that your consent stays up to date.</p>',
                  action: '',
                },
                {
                  anchor: 'cookies-rights',
                  title: 'Your Rights and Choices',
                  body: '<p>Under the Privacy and Electronic Communications Regulations (PECR) and the UK General Data Protection Regulation (UK GDPR), we must ask for your consent before using cookies that are not essential, and it must be as easy to withdraw consent as to give it.</p><p>You can change your mind at any time. Use the button below to review or change your choices. If you withdraw consent, we stop using those cookies from that point on.</p><p>For more about how we use personal information and your other rights, see our <a href="/privacy-policy" class="rounded-sm text-teal-700 underline underline-offset-2 hover:text-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700">Privacy Policy</a>.</p>',
                  action: 'cookie-preferences',
                },
                {
                  anchor: 'cookies-browser',
                  title: 'Managing Cookies in Your Browser',
                  body: '<p>You can also block or delete cookies in your browser settings. Menu names vary between versions and devices, but in general:</p><ul class="list-disc space-y-2 pl-5"><li><strong class="font-semibold text-slate-900">Chrome</strong>: open Settings, then Privacy and security. Choose Third-party cookies to block them, or Delete browsing data to remove cookies and site data.</li><li><strong class="font-semibold text-slate-900">Safari</strong>: on a Mac, open Safari, then Settings, then Privacy, and choose Manage Website Data. On an iPhone or iPad, go to Settings, then Safari, and choose Clear History and Website Data, or use Advanced to manage website data.</li><li><strong class="font-semibold text-slate-900">Firefox</strong>: open Settings, then Privacy &amp; Security, and go to Cookies and Site Data to manage or clear data. Enhanced Tracking Protection also blocks many tracking cookies.</li><li><strong class="font-semibold text-slate-900">Edge</strong>: open Settings, then Cookies and site permissions, and choose Manage and delete cookies and site data.</li></ul><p>If you block all cookies, some parts of the website may not work properly. If you clear your site data, your cookie choices are deleted too and we will ask for them again on your next visit.</p>',
                  action: '',
                },
                {
                  anchor: 'cookies-contact',
                  title: 'Contact Us',
                  body: '<p>If you have any questions about our use of cookies, please email us at <a href="mailto:privacy@carfinanceclaimcheck.co.uk" class="rounded-sm text-teal-700 underline underline-offset-2 hover:text-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700">privacy@carfinanceclaimcheck.co.uk</a>.</p>',
                  action: '',
                },
              ],
            },
            styles: {},
          },
        ],
      },
    ],
  },
  'thank-you': {
    sections: [
      {
        id: 's-title',
        styles: {},
        widgets: [
          {
            id: 'title',
            type: 'page-title',
            content: { heading: 'Thank you – we have received your enquiry', updated: '', intro: '' },
            styles: {},
          },
        ],
      },
      {
        id: 's-confirmation',
        styles: {},
        widgets: [
          {
            id: 'confirmation',
            type: 'receipt',
            content: {
              part: 'confirmation',
              heading: '',
              text: 'Your details have been sent securely. A specialist will make contact within 24 hours.',
            },
            styles: {},
          },
        ],
      },
      {
        id: 's-next',
        styles: {},
        widgets: [
          {
            id: 'next',
            type: 'steps',
            content: {
              anchor: '',
              heading: 'What happens next',
              items: nextSteps.map((step) => ({ title: step.title, text: step.text })),
              noteTitle: '',
              note: '',
              layout: 'list',
            },
            styles: {},
          },
        ],
      },
      {
        id: 's-withdrawal',
        styles: {},
        widgets: [
          {
            id: 'withdrawal',
            type: 'receipt',
            content: { part: 'withdrawal', heading: 'Changing your mind', text: '' },
            styles: {},
          },
        ],
      },
      {
        id: 's-important',
        styles: {},
        widgets: [
          {
            id: 'important',
            type: 'text',
            content: {
              text: '<div class="mt-10 rounded-xl bg-navy-50 p-5 text-slate-800 text-sm leading-relaxed"><h2 class="!mt-0 !text-base !font-semibold">Important</h2><p class="mt-2">We are a lead generation service and do not process claims ourselves. We may be paid by the claims management company if your claim succeeds. You can complain to your lender and the Financial Ombudsman Service yourself for free, without using a claims management company.</p></div><p class="mt-8 flex flex-wrap gap-x-6 gap-y-2"><a href="/evidence">Evidence</a> <a href="/privacy-policy">Privacy Policy</a> <a href="/cookie-policy">Cookie Policy</a></p>',
            },
            styles: {},
          },
        ],
      },
    ],
  },
}
