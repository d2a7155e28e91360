import { createContext, useContext } from 'react'
import type { IslandAssets } from '../../server/http/island-assets.ts'

/** The islands script's built files, given by the server render; null when there is no build of it. */
export const IslandAssetsContext = createContext<IslandAssets | null>(null)

export function useIslandAssets() {
  return useContext(IslandAssetsContext)
}
