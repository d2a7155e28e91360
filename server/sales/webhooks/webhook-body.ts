import type { z } from 'zod'

/** Where `sent` has a key that `kept` (its parse, which drops unknown keys) has not. */
function droppedKeys(sent: unknown, kept: unknown, at = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(kept))
    return sent.flatMap((item, i) => droppedKeys(item, kept[i], `${at}.${i}`))
  if (!sent || typeof sent !== 'object' || !kept || typeof kept !== 'object') return []
  return Object.entries(sent).flatMap(([key, value]) =>
    Object.hasOwn(kept, key)
      ? droppedKeys(value, (kept as Record<string, unknown>)[key], `${at}.${key}`)
      : [`${at}.${key}`.slice(1)],
  )
}

/**
 * A body as posted to a buyer, checked against its published schema outside production
 * (docs/decisions/0070-answers-match-the-document.md): a field missing, of the wrong type or not
 * in the document fails loudly in development and tests instead of reaching a buyer. The error
 * names the fields, never their values (they may be personal data).
 */
export function webhookBody<T>(schema: z.ZodType<T>, body: NoInfer<T>, nodeEnv: string): string {
  if (nodeEnv !== 'production') {
    const result = schema.safeParse(body)
    const problems = result.success
      ? droppedKeys(body, result.data).map((path) => `${path}: not in the schema`)
      : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    if (problems.length > 0)
      throw new Error(`A webhook body breaks its schema in /api/openapi.json: ${problems.join('; ')}`)
  }
  return JSON.stringify(body)
}
