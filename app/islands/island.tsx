import type { ComponentType } from 'react'

/** The parts of a public page that run in the browser; the islands script knows each by name. */
export type IslandName = 'questionnaire' | 'faq' | 'cookie-banner'

/**
 * Renders a component inside a wrapper that carries its name and props, so that on pages served
 * without the router's client (docs/decisions/0019-public-islands.md) the islands script can
 * hydrate it on its own. The wrapper takes no box (`display: contents`).
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
}: {
  name: IslandName
  component: ComponentType<P>
  props: P
}) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="contents">
      <Component {...props} />
    </div>
  )
}
