const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 })

/** Whole pounds, as estimates are stored and shown: `£1,500`. */
export function formatPounds(amount: number): string {
  return gbp.format(amount)
}

const gbpPence = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })

/** Pence as pounds and pence, as prices and revenue are shown: `£1,234.56`, `-£25.00`. */
export function formatPence(pence: number): string {
  return gbpPence.format(pence / 100)
}
