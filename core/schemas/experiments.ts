import { z } from 'zod'
import { pageContentSchema } from './pages.ts'

export const experimentGoals = ['lead', 'eligible', 'revenue'] as const
export type ExperimentGoal = (typeof experimentGoals)[number]
export const experimentStatuses = ['draft', 'running', 'stopped', 'promoted'] as const
export type ExperimentStatus = (typeof experimentStatuses)[number]

export const goalLabels: Record<ExperimentGoal, string> = {
  lead: 'Leads per visitor',
  eligible: 'Eligible results per visitor',
  revenue: 'Sold leads per visitor (with revenue)',
}

const VARIANT_NAME = /^[A-Za-z0-9][A-Za-z0-9 _-]{0,39}$/

export const experimentVariantSchema = z.object({
  name: z
    .string({ error: 'Variant name is required' })
    .trim()
    .regex(VARIANT_NAME, 'Variant names are 1–40 letters, digits, spaces, - or _'),
  weight: z
    .number({ error: 'Weight must be a number' })
    .int('Weight must be a whole number')
    .min(1, 'Weight must be at least 1')
    .max(100, 'Weight must be at most 100'),
  /** The page's content for this variant (CMS pages); absent: the page as it is. */
  content: pageContentSchema.nullish(),
  /** The page's title (its head) for this variant; absent: the page's own. */
  title: z.string().trim().max(200, 'Title must be at most 200 characters').nullish(),
  /** The home page only: the questionnaire version (published) this variant shows. */
  questionnaireId: z.number().int().positive().nullish(),
})

const experimentFields = {
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  path: z
    .string({ error: 'Path is required' })
    .trim()
    .regex(/^\/[a-z0-9-]*$/, 'The path is a public page such as / or /compare'),
  goal: z.enum(experimentGoals, { error: 'Goal must be lead, eligible or revenue' }),
  variants: z
    .array(experimentVariantSchema, { error: 'Variants are required' })
    .min(2, 'An experiment needs at least two variants')
    .max(5, 'An experiment has at most five variants')
    .refine(
      (variants) => new Set(variants.map((v) => v.name.toLowerCase())).size === variants.length,
      'Variant names must be different',
    ),
}

export const experimentCreateSchema = z.object(experimentFields)
export const experimentUpdateSchema = z.object(experimentFields).partial()
/** Starting: `confirm` starts it although a variant could never convert (no questionnaire, no lead form). */
export const experimentStartSchema = z.object({
  confirm: z.boolean({ error: 'confirm must be true or false' }).optional(),
})
export const experimentPromoteSchema = z.object({
  variant: z.string({ error: 'Name the variant to promote' }).trim().min(1, 'Name the variant to promote'),
  /** Promote before every variant has the minimum sample. */
  force: z.boolean().optional(),
  /** For a variant that publishes a questionnaire version: the note its publish guard may ask for. */
  evidenceNote: z.string({ error: 'The evidence note must be text' }).optional(),
})

export type ExperimentInput = z.input<typeof experimentCreateSchema>
export type ExperimentVariant = z.output<typeof experimentVariantSchema>

export type ExperimentRecord = {
  id: number
  name: string
  path: string
  goal: ExperimentGoal
  status: ExperimentStatus
  variants: ExperimentVariant[]
  startsAt: string | null
  stopsAt: string | null
  winner: string | null
  createdAt: string
  updatedAt: string
}

export type VariantResult = {
  name: string
  visitors: number
  conversions: number
  rate: number
  low: number
  high: number
  probabilityBest: number
  revenuePence: number
}
export type ExperimentResults = {
  variants: VariantResult[]
  winner: string | null
  goal: ExperimentGoal
  minimum: { visitors: number; conversions: number }
  sampleReached: boolean
}
