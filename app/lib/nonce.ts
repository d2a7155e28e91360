import { createContext, useContext } from 'react'

/** The CSP nonce of this response, given by the server render. */
export const NonceContext = createContext<string | undefined>(undefined)

/**
 * The nonce on the server; in the browser the one the page's scripts carry. Browsers hide the
 * nonce attribute's value (it reads as "") but keep the `nonce` property, so reading it back
 * makes hydration see the same value the server rendered instead of reporting a mismatch.
 */
export function useNonce() {
  const fromServer = useContext(NonceContext)
  if (fromServer !== undefined || typeof document === 'undefined') return fromServer
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined
}
