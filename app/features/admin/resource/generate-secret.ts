/** 32 random bytes, hex, with a prefix that says what it is when it turns up in the buyer's config. */
export function generateSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return `whsec_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}
