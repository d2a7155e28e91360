import { boxStyles, defineBlockModel } from './define.ts'
import { str } from './reading.ts'

const defaults = {
  eyebrow: 'Car finance taken out 2007–2021',
  heading: 'Were you overcharged on your car finance?',
  text: 'Many PCP deals included hidden commission that pushed up the interest you paid. Check in under a minute whether you may be owed compensation.',
  ctaText: 'Start your free check',
  ctaLink: '#calculator',
  note: 'Free to check · No win, no fee · No obligation',
}

/** The page's opening band: its one H1, a line of text and a call to action. */
export const heroModel = defineBlockModel({
  type: 'hero',
  label: 'Hero',
  category: 'Site sections',
  defaults: { content: defaults, styles: {} },
  read: (raw) => ({
    eyebrow: str(raw.eyebrow),
    heading: str(raw.heading, defaults.heading),
    text: str(raw.text),
    ctaText: str(raw.ctaText),
    ctaLink: str(raw.ctaLink, '#calculator'),
    note: str(raw.note),
  }),
  fields: [
    { kind: 'text', key: 'eyebrow', label: 'Label above the heading' },
    { kind: 'text', key: 'heading', label: 'Heading (the page’s H1)' },
    { kind: 'textarea', key: 'text', label: 'Text' },
    { kind: 'text', key: 'ctaText', label: 'Button text' },
    {
      kind: 'url',
      key: 'ctaLink',
      label: 'Button link',
      hint: 'An anchor on this page (#calculator scrolls to it), a path on this site or an https address',
    },
    { kind: 'text', key: 'note', label: 'Note beside the button' },
  ],
  styles: boxStyles,
})
