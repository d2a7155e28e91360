/**
 * The statistics of an experiment's results: a Wilson interval for each variant's rate and the
 * probability that each is best under a Beta-Binomial model (uniform prior), by Monte Carlo with a
 * seeded generator so that the same figures always give the same answer.
 */

/** A variant is judged only with at least this many visitors and conversions (each variant). */
export const MIN_VISITORS = 100
export const MIN_CONVERSIONS = 10
/** The probability of being best a variant needs to be named the winner. */
export const WIN_PROBABILITY = 0.95

const Z95 = 1.959963984540054

/** The 95% Wilson score interval of `successes` out of `trials` (0–1; [0, 0] with no trials). */
export function wilson(successes: number, trials: number, z = Z95): { low: number; high: number } {
  if (trials <= 0) return { low: 0, high: 0 }
  const p = Math.min(1, Math.max(0, successes / trials))
  const z2 = z * z
  const denominator = 1 + z2 / trials
  const centre = p + z2 / (2 * trials)
  const spread = z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))
  return {
    low: Math.max(0, (centre - spread) / denominator),
    high: Math.min(1, (centre + spread) / denominator),
  }
}

/** mulberry32: a small seeded generator, uniform on [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function normal(random: () => number): number {
  let u = 0
  while (u === 0) u = random()
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random())
}

/** A Gamma(shape, 1) draw (Marsaglia and Tsang), shape > 0. */
function gamma(shape: number, random: () => number): number {
  if (shape < 1) return gamma(shape + 1, random) * random() ** (1 / shape)
  const d = shape - 1 / 3
  const c = 1 / Math.sqrt(9 * d)
  for (;;) {
    let x = 0
    let v = 0
    do {
      x = normal(random)
      v = 1 + c * x
    } while (v <= 0)
    v = v * v * v
    const u = random()
    if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v
  }
}

function beta(a: number, b: number, random: () => number): number {
  const x = gamma(a, random)
  return x / (x + gamma(b, random))
}

/**
 * P(variant i has the highest rate) for each variant, with a Beta(1 + conversions, 1 + visitors −
 * conversions) posterior per variant: `draws` joint draws, ties shared. Deterministic for a seed.
 */
export function probabilityBest(
  arms: readonly { visitors: number; conversions: number }[],
  draws = 20000,
  seed = 0x5eed,
): number[] {
  if (arms.length === 0) return []
  if (arms.length === 1) return [1]
  const random = seededRandom(seed)
  const wins = new Array<number>(arms.length).fill(0)
  const sample = new Array<number>(arms.length).fill(0)
  for (let n = 0; n < draws; n++) {
    let best = -1
    for (const [i, arm] of arms.entries()) {
      const successes = Math.min(arm.conversions, arm.visitors)
      sample[i] = beta(1 + successes, 1 + Math.max(0, arm.visitors - successes), random)
      if (sample[i] > best) best = sample[i] as number
    }
    const leaders = sample.filter((s) => s === best).length
    for (let i = 0; i < arms.length; i++) if (sample[i] === best) wins[i] = (wins[i] as number) + 1 / leaders
  }
  return wins.map((w) => w / draws)
}

export type ArmInput = { name: string; visitors: number; conversions: number }
export type ArmResult = ArmInput & { rate: number; low: number; high: number; probabilityBest: number }

/** Whether every variant has the minimum sample (the guard against stopping early). */
export function hasMinimumSample(arms: readonly ArmInput[]): boolean {
  return arms.length > 1 && arms.every((a) => a.visitors >= MIN_VISITORS && a.conversions >= MIN_CONVERSIONS)
}

/**
 * Each variant's rate, interval and probability of being best; the winner is named only once every
 * variant has the minimum sample and one is best with at least WIN_PROBABILITY.
 */
export function judge(arms: readonly ArmInput[]): { variants: ArmResult[]; winner: string | null } {
  const best = probabilityBest(arms)
  const variants = arms.map((arm, i) => ({
    ...arm,
    rate: arm.visitors > 0 ? arm.conversions / arm.visitors : 0,
    ...wilson(arm.conversions, arm.visitors),
    probabilityBest: best[i] ?? 0,
  }))
  const leader = variants.reduce<ArmResult | undefined>(
    (top, v) => (!top || v.probabilityBest > top.probabilityBest ? v : top),
    undefined,
  )
  const winner =
    leader && hasMinimumSample(arms) && leader.probabilityBest >= WIN_PROBABILITY ? leader.name : null
  return { variants, winner }
}
