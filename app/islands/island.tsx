import type { ComponentType } from 'react'

/** The parts of a public page that run in the browser; the islands script knows each by name. */
export type IslandName = 'questionnaire' | 'cookie-banner' | 'counting-choice'

/** JSON for a `<script type="application/json">` body: `<` escaped, so no text can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

/**
 * Renders a component inside a wrapper that carries its name and props, so that on pages served
 * without the router's client (docs/decisions/0019-public-islands.md) the islands script can
 * hydrate it on its own. The wrapper takes no box (`display: contents`).
 *
 * `dataProp` names one large prop (a questionnaire definition) sent as a JSON data block just
 * before the wrapper instead of inside its attribute; browsers never run a data block, so the
 * hash-based CSP of cached pages needs nothing for it (docs/decisions/0029).
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
  dataProp,
}: {
  name: IslandName
  component: ComponentType<P>
  props: P
  dataProp?: keyof P & string
}) {
  if (!dataProp) {
    return (
      <div data-island={name} data-props={JSON.stringify(props)} className="contents">
        <Component {...props} />
      </div>
    )
  }
  const { [dataProp]: data, ...rest } = props
  return (
    <>
      <script
        type="application/json"
        data-island-data={dataProp}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped (scriptJson)
        dangerouslySetInnerHTML={{ __html: scriptJson(data) }}
      />
      <div
        data-island={name}
        data-props={JSON.stringify(rest)}
        data-data-prop={dataProp}
        className="contents"
      >
        <Component {...props} />
      </div>
    </>
  )
}
