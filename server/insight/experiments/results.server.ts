import type { Kysely } from 'kysely'
import { hasMinimumSample, judge, MIN_CONVERSIONS, MIN_VISITORS } from '../../../core/experiments/stats.ts'
import type { ExperimentResults } from '../../../core/schemas/experiments.ts'
import type { DB, Experiment } from '../../platform/index.ts'
import { tallyExperiment } from './queries.server.ts'

/** `GET /api/admin/experiments/{id}/results`: each variant in the experiment's order. */
export async function experimentResults(db: Kysely<DB>, experiment: Experiment): Promise<ExperimentResults> {
  const tally = await tallyExperiment(db, experiment)
  const arms = experiment.variants.map((v) => {
    const t = tally.get(v.name)
    return { name: v.name, visitors: t?.visitors ?? 0, conversions: t?.conversions ?? 0 }
  })
  const judged = judge(arms)
  return {
    variants: judged.variants.map((v) => ({ ...v, revenuePence: tally.get(v.name)?.revenuePence ?? 0 })),
    winner: judged.winner,
    goal: experiment.goal,
    minimum: { visitors: MIN_VISITORS, conversions: MIN_CONVERSIONS },
    sampleReached: hasMinimumSample(arms),
  }
}
