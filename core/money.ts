const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 })

/** Whole pounds, as estimates are stored and shown: `£1,500`. */
export function formatPounds(amount: number): string {
  return gbp.format(amount)
}
