/**
 * The outer HTML of each `<div data-widget-id="…">` in rendered markup, by id. The wrapper is
 * always a `div`, so counting `<div`/`</div>` from its start finds its end.
 */
export function widgetElements(html: string): Map<string, string> {
  const found = new Map<string, string>()
  const start = /<div data-widget-id="([^"]*)"/g
  for (let match = start.exec(html); match; match = start.exec(html)) {
    const tags = /<div\b|<\/div>/g
    tags.lastIndex = match.index
    let depth = 0
    for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
      depth += tag[0] === '</div>' ? -1 : 1
      if (depth === 0) {
        found.set(match[1] as string, html.slice(match.index, tags.lastIndex))
        break
      }
    }
  }
  return found
}
