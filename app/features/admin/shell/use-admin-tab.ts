import { useCallback } from 'react'
import { useSearchParams } from 'react-router'
import { type AdminTab, DEFAULT_TAB, isAdminTab } from './admin-tabs.ts'

/** The selected tab lives in the URL (`/admin?tab=leads`), so reload and Back keep it. */
export function useAdminTab(allowed: readonly AdminTab[]): [AdminTab, (tab: AdminTab) => void] {
  const [params, setParams] = useSearchParams()
  const value = params.get('tab')
  // An unknown tab, or one this user may not open, shows the overview.
  const tab = isAdminTab(value) && allowed.includes(value) ? value : DEFAULT_TAB
  const select = useCallback(
    (next: AdminTab) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current)
          if (next === DEFAULT_TAB) updated.delete('tab')
          else updated.set('tab', next)
          return updated
        },
        { preventScrollReset: true },
      ),
    [setParams],
  )
  return [tab, select]
}
