import { createContext, useContext } from 'react'

export const ACCOUNT = '/api/admin/account'
export const SECURITY = `${ACCOUNT}/security`

/** Where one's own factors live: /api/admin/account for staff, /api/account on the buyer's page. */
export const AccountApiContext = createContext(ACCOUNT)

export function useAccountApi() {
  const account = useContext(AccountApiContext)
  return { account, security: `${account}/security` }
}
