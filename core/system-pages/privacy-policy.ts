/** The privacy policy, numbered sections as shipped (core/system-page-content.ts). */
export const privacyPolicyContent = {
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
}
