import { allStyles, defineBlockModel } from './define.ts'
import { str } from './reading.ts'
import { type HeadingLevel, headingLevels } from './types.ts'

function readLevel(value: unknown): HeadingLevel {
  const level = Math.trunc(Number(value))
  return (Number.isFinite(level) ? Math.min(Math.max(level, 1), 6) : 2) as HeadingLevel
}

export const headingModel = defineBlockModel({
  type: 'heading',
  label: 'Heading',
  category: 'Basic',
  defaults: {
    content: { text: 'Your Heading Here', level: 2 },
    styles: { fontSize: '2rem', fontWeight: '600', color: '#1f2937' },
  },
  libraryDefaults: {
    content: { text: 'Sample Heading', level: 2 },
    styles: { textAlign: 'left', fontSize: '16px' },
  },
  read: (raw) => ({ text: str(raw.text, 'Your Heading Here'), level: readLevel(raw.level) }),
  fields: [
    { kind: 'text', key: 'text', label: 'Heading text' },
    {
      kind: 'select',
      key: 'level',
      label: 'Heading level',
      hint: "The page's title is already its H1: start the content's headings at H2.",
      options: headingLevels.map((level) => ({ value: level, label: `H${level}` })),
      patch: (value) => ({ level: readLevel(value) }),
    },
  ],
  styles: allStyles,
})
