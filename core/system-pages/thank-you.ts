import { nextSteps } from '../lead-confirmation.ts'

/** The thank-you page as shipped (core/system-page-content.ts). */
export const thankYouContent = {
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
}
