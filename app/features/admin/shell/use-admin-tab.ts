import { useCallback } from 'react'
import { useSearchParams } from 'react-router'
import { type AdminTab, DEFAULT_TAB, isAdminTab } from './admin-tabs.ts'

/** The selected tab lives in the URL (`/admin?tab=leads`), so reload and Back keep it. */
export function useAdminTab(): [AdminTab, (tab: AdminTab) => void] {
  const [params, setParams] = useSearchParams()
  const value = params.get('tab')
  const tab = isAdminTab(value) ? value : DEFAULT_TAB
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
