import { createContext, useContext } from 'react'

/**
 * Asks the user to confirm who they are (docs/decisions/0053): resolves true once they did, false
 * when they cancelled. Null outside a ReauthenticateProvider.
 */
export const ReauthenticateContext = createContext<(() => Promise<boolean>) | null>(null)

export const useReauthenticate = () => useContext(ReauthenticateContext)

/** A failed call answered 403 `{ reauthenticate: true }`: the sign-in is older than ten minutes. */
export function needsReauthentication(error: unknown): boolean {
  return (error as { reauthenticate?: unknown } | null)?.reauthenticate === true
}
