/** The cookie policy as shipped (core/system-page-content.ts). */
export const cookiePolicyContent = {
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
}
