import { defineBlockModel } from './define.ts'
import { str } from './reading.ts'

/** A reading page's H1, with its date line and introduction. */
export const pageTitleModel = defineBlockModel({
  type: 'page-title',
  label: 'Page title',
  category: 'Site sections',
  defaults: { content: { heading: 'Page title', updated: '', intro: '' }, styles: {} },
  read: (raw) => ({ heading: str(raw.heading), updated: str(raw.updated), intro: str(raw.intro) }),
  fields: [
    { kind: 'text', key: 'heading', label: 'Heading (the page’s H1)' },
    { kind: 'text', key: 'updated', label: 'Date line', hint: 'e.g. Last updated: January 2025' },
    { kind: 'textarea', key: 'intro', label: 'Introduction' },
  ],
  styles: [],
})
