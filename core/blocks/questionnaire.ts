import { boxStyles, defineBlockModel } from './define.ts'
import { anchor, str } from './reading.ts'

/**
 * The live questionnaire and lead form as the home page's eligibility section: its heading, a line
 * that opens with the number of questions, and on phones it may come straight after the hero.
 */
export const questionnaireModel = defineBlockModel({
  type: 'questionnaire',
  label: 'Questionnaire',
  category: 'Forms',
  defaults: {
    content: {
      anchor: 'calculator',
      heading: 'Check your eligibility',
      text: 'Free, with no obligation.',
      phoneFirst: 'no',
    },
    styles: {},
  },
  read: (raw) => ({
    anchor: anchor(raw.anchor, 'calculator'),
    heading: str(raw.heading, 'Check your eligibility'),
    text: str(raw.text),
    phoneFirst: raw.phoneFirst === 'yes' ? 'yes' : 'no',
  }),
  fields: [
    { kind: 'text', key: 'anchor', label: 'Anchor', hint: 'The section’s id, for links to #anchor' },
    { kind: 'text', key: 'heading', label: 'Heading' },
    {
      kind: 'text',
      key: 'text',
      label: 'Text',
      hint: 'Shown after the number of questions (“Four quick questions.”)',
    },
    {
      kind: 'select',
      key: 'phoneFirst',
      label: 'On phones',
      options: [
        { value: 'no', label: 'Keep its place' },
        { value: 'yes', label: 'Show it right after the first block (the hero)' },
      ],
    },
  ],
  styles: boxStyles,
})
