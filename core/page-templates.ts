import type { BuilderContent } from './page-content.ts'

/**
 * The page templates "New page from template" offers (docs/decisions/0042): data in the builder
 * model, complete as core/page-content.ts reads it (readPageContent gives each back unchanged, a
 * unit test says so). A page made from one is an ordinary page: the template is only its start.
 * Sample content the operator must replace is marked `placeholder: true`: publishing a page that
 * still holds it asks first (docs/decisions/0061-editor-switching-and-placeholders.md).
 */
export type PageTemplate = {
  id: string
  name: string
  description: string
  title: string
  slug: string
  metaDescription: string
  content: BuilderContent
}

/** Where the landing page's hero button leads: the heading above its questionnaire. */
export const CAMPAIGN_FORM_ANCHOR = 'check-your-claim'

const campaignLanding: PageTemplate = {
  id: 'campaign-landing',
  name: 'Campaign landing page',
  description:
    'A hero with a call to action, the claim questionnaire, a testimonial with trust points, and common questions.',
  title: 'Check if you were mis-sold car finance',
  slug: 'car-finance-claim-check',
  metaDescription:
    'Find out in two minutes whether your car finance deal may have included a hidden commission. Free to check, no obligation.',
  content: {
    sections: [
      {
        id: 'hero',
        styles: {
          backgroundColor: '#0f2a44',
          padding: '48px 24px',
          borderRadius: '12px',
          textAlign: 'center',
        },
        widgets: [
          {
            id: 'hero-heading',
            type: 'heading',
            content: { text: 'Paid for car finance between 2007 and 2024?', level: 2 },
            styles: { fontSize: '2rem', fontWeight: '700', color: '#ffffff' },
          },
          {
            id: 'hero-text',
            type: 'text',
            content: {
              text: '<p>Many car finance deals included a commission you were never told about. Answer a few questions to see whether you may be owed money. It takes about two minutes and checking is free.</p>',
            },
            styles: { color: '#e2e8f0', fontSize: '18px' },
          },
          {
            id: 'hero-button',
            type: 'button',
            content: { text: 'Check my claim', link: `#${CAMPAIGN_FORM_ANCHOR}` },
            styles: {
              color: '#ffffff',
              backgroundColor: '#0f766e',
              padding: '14px 28px',
              borderRadius: '8px',
              fontWeight: '600',
            },
          },
        ],
      },
      {
        id: 'questionnaire',
        styles: { padding: '24px 0' },
        widgets: [
          {
            id: 'questionnaire-intro',
            type: 'text',
            content: {
              text: `<h2 id="${CAMPAIGN_FORM_ANCHOR}">Check your claim</h2><p>Tell us about your car finance and we will estimate what you could be owed.</p>`,
            },
            styles: {},
          },
          { id: 'questionnaire-form', type: 'form', content: { title: '' }, styles: {} },
        ],
      },
      {
        id: 'trust',
        styles: { backgroundColor: '#f1f5f9', padding: '32px 24px', borderRadius: '12px' },
        widgets: [
          {
            id: 'trust-testimonial',
            type: 'testimonial',
            content: {
              text: "Replace this with a real customer's words, used with their permission.",
              author: 'Customer name, town',
            },
            styles: { fontSize: '18px' },
            placeholder: true,
          },
          {
            id: 'trust-points',
            type: 'text',
            content: {
              text: '<ul><li>Free to check, with no obligation to claim</li><li>About two minutes, with no credit check</li><li>You can also complain to your lender and the Financial Ombudsman Service yourself, for free</li></ul>',
            },
            styles: {},
          },
        ],
      },
      {
        id: 'faq',
        styles: { padding: '24px 0' },
        widgets: [
          {
            id: 'faq-heading',
            type: 'heading',
            content: { text: 'Questions people ask', level: 2 },
            styles: { fontSize: '2rem', fontWeight: '600', color: '#1f2937' },
          },
          {
            id: 'faq-answers',
            type: 'text',
            content: {
              text: '<h3>Does it cost anything to check?</h3><p>No. Checking is free and you are under no obligation to go ahead.</p><h3>Do I need a claims company?</h3><p>No. You can complain to your lender directly and, if you are unhappy with the answer, to the Financial Ombudsman Service, for free.</p><h3>What will I need?</h3><p>The name of your lender and roughly when you took out the finance. Paperwork helps but is not needed to check.</p>',
            },
            styles: {},
          },
          { id: 'faq-divider', type: 'divider', content: {}, styles: {} },
        ],
      },
    ],
  },
}

const simpleContent: PageTemplate = {
  id: 'simple-content',
  name: 'Simple content page',
  description: 'A heading, a block of rich text and a divider: a plain page to write in.',
  title: 'New content page',
  slug: 'new-content-page',
  metaDescription: '',
  content: {
    sections: [
      {
        id: 'content',
        styles: {},
        widgets: [
          {
            id: 'content-heading',
            type: 'heading',
            content: { text: 'About this topic', level: 2 },
            styles: { fontSize: '2rem', fontWeight: '600', color: '#1f2937' },
          },
          {
            id: 'content-text',
            type: 'text',
            content: {
              text: '<p>Write the page here. Select this text on the canvas to edit it, and add images, videos or more text from the Widgets tab.</p>',
            },
            styles: {},
            placeholder: true,
          },
          { id: 'content-divider', type: 'divider', content: {}, styles: {} },
        ],
      },
    ],
  },
}

export const pageTemplates: readonly PageTemplate[] = [campaignLanding, simpleContent]

export function findPageTemplate(id: string | null | undefined): PageTemplate | undefined {
  return pageTemplates.find((template) => template.id === id)
}
