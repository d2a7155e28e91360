import { type Attribution, attributionKeys } from '../../../core/attribution.ts'

/** The attribution as hidden fields, so the no-JavaScript form posts carry it from step to step. */
export function AttributionFields({ attribution }: { attribution?: Attribution }) {
  if (!attribution) return null
  return (
    <>
      {attributionKeys.map((key) =>
        attribution[key] ? <input key={key} type="hidden" name={key} value={attribution[key]} /> : null,
      )}
    </>
  )
}
