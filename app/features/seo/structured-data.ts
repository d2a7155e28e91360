import type { MetaDescriptor } from 'react-router'

type QuestionAndAnswer = { readonly question: string; readonly answer: string }

/**
 * schema.org `FAQPage` for questions a page shows, as a meta descriptor: React Router renders it as
 * `<script type="application/ld+json">` with `<`, `>` and `&` escaped, so no text can close the
 * script. A data block never runs, so the cached pages' hash-based CSP needs no hash for it.
 */
export function faqPageMeta(items: readonly QuestionAndAnswer[]): MetaDescriptor {
  return {
    'script:ld+json': {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: items.map(({ question, answer }) => ({
        '@type': 'Question',
        name: question,
        acceptedAnswer: { '@type': 'Answer', text: answer },
      })),
    },
  }
}
