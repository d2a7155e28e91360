import { createContext, useContext } from 'react'

/** The CSP nonce of this response (server only; browsers hide it from scripts after load). */
export const NonceContext = createContext<string | undefined>(undefined)

export function useNonce() {
  return useContext(NonceContext)
}
