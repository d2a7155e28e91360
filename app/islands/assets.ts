import { createContext, useContext } from 'react'
import type { IslandAssets } from '../../server/platform/index.ts'

/** The islands script's built files, given by the server render; null when there is no build of it. */
export const IslandAssetsContext = createContext<IslandAssets | null>(null)

export function useIslandAssets() {
  return useContext(IslandAssetsContext)
}

/**
 * The inline module that loads the islands script once the browser reports the first contentful
 * paint, so that the first paint waits for nothing but the HTML (docs/decisions/0020-critical-css.md).
 * A hidden tab paints nothing and loads it at once; a browser that never reports the paint loads
 * it after two seconds. A script element rather than import(): under 'strict-dynamic' the CSP
 * trusts what a trusted script inserts, not what it imports.
 */
export function islandsLoader(entry: string): string {
  return [
    'let done=false',
    `const load=()=>{if(done)return;done=true;const s=document.createElement("script");s.type="module";s.src=${JSON.stringify(entry)};document.head.append(s)}`,
    'if(document.visibilityState==="hidden")load()',
    'else{try{new PerformanceObserver((l)=>{if(l.getEntriesByName("first-contentful-paint").length)setTimeout(load,0)}).observe({type:"paint",buffered:true})}catch(e){}setTimeout(load,2000)}',
  ].join(';')
}
