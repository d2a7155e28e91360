/**
 * A questionnaire step as an address (docs/decisions/0058-questionnaire-steps-as-addresses.md): the
 * home page with `?step=…` and the answers in its query. Such an address is rendered for its
 * request, never served from or kept in a page cache (nor nginx's: deploy/nginx.conf).
 */
export const STEP_PARAM = 'step'

/** Whether a request target or query string names a questionnaire step. */
export function isQuestionnaireAddress(target: string): boolean {
  const q = target.indexOf('?')
  if (q < 0) return false
  const hash = target.indexOf('#', q)
  return new URLSearchParams(target.slice(q + 1, hash < 0 ? undefined : hash)).has(STEP_PARAM)
}
