/**
 * CSV as RFC 4180 says (CRLF rows, quotes doubled, a field quoted when it holds a comma, quote,
 * CR or LF), made safe for spreadsheets: a cell starting with = + - @ tab or CR is what Excel and
 * Sheets read as a formula, so it gets a leading apostrophe (OWASP "CSV injection").
 */
export const CSV_BOM = '\uFEFF'

export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

/**
 * A figure the code formatted itself (`-25.00`): written as it is, so a spreadsheet reads a negative
 * amount as a number. Anything but a plain decimal is still treated as text.
 */
export type CsvNumber = { number: string }
export type CsvValue = string | number | boolean | null | undefined | CsvNumber

export function csvCell(value: CsvValue): string {
  if (typeof value === 'object' && value !== null) {
    if (/^-?\d+(\.\d+)?$/.test(value.number)) return value.number
    return csvCell(value.number)
  }
  const text = neutraliseCell(value === null || value === undefined ? '' : String(value))
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvRow(cells: readonly CsvValue[]): string {
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
