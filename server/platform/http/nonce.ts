import { randomBytes } from 'node:crypto'

/** Stands for the response's CSP nonce in cached markup; replaced on every response. */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__'

export function newNonce(): string {
  return randomBytes(16).toString('base64')
}
