import { useQuery } from '@tanstack/react-query'
import { asList } from './api.ts'

/** A list from the admin API; anything that is not an array counts as empty (SPEC section 7). */
export function useList<T>(url: string, enabled = true) {
  const query = useQuery<unknown>({ queryKey: [url], enabled })
  return { ...query, rows: asList<T>(query.data) }
}
