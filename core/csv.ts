/**
 * CSV as RFC 4180 says (CRLF rows, quotes doubled, a field quoted when it holds a comma, quote,
 * CR or LF), made safe for spreadsheets: a cell starting with = + - @ tab or CR is what Excel and
 * Sheets read as a formula, so it gets a leading apostrophe (OWASP "CSV injection").
 */
export const CSV_BOM = '\uFEFF'

export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

export function csvCell(value: string | number | boolean | null | undefined): string {
  const text = neutraliseCell(value === null || value === undefined ? '' : String(value))
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvRow(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}

/** SPEC section 9: the leads export's columns, in order. */
export const LEAD_CSV_COLUMNS = ['Name', 'Car Details', 'Consent', 'Date'] as const

export type LeadCsvSource = {
  firstName: string
  lastName: string
  carDetails: string | null
  hasConsent: boolean
  createdAt: Date | string
}

const ukDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** The lead's time as UK people read it: `23/11/2026 14:05`. */
export function formatCsvDate(value: Date | string): string {
  return ukDate.format(new Date(value)).replace(',', '')
}

export function leadCsvRow(lead: LeadCsvSource, extra: readonly string[] = []): string {
  return csvRow([
    `${lead.firstName} ${lead.lastName}`,
    lead.carDetails ?? '',
    lead.hasConsent ? 'Yes' : 'No',
    formatCsvDate(lead.createdAt),
    ...extra,
  ])
}

/** `leads-YYYY-MM-DD.csv`, the date in UK time. */
export function leadCsvFilename(now: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
  return `leads-${parts}.csv`
}
