import { describe, expect, it } from 'vitest'
import { csvCell, csvRow, formatCsvDate, leadCsvFilename, leadCsvRow, neutraliseCell } from './csv.ts'

describe('csv', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+44 7700', "'+44 7700"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['Ford = fast', 'Ford = fast'],
    ['', ''],
  ])('neutralises %j', (input, expected) => {
    expect(neutraliseCell(input)).toBe(expected)
  })

  it('quotes only when needed and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"')
    expect(csvCell('cr\ronly')).toBe('"cr\ronly"')
    expect(csvCell(null)).toBe('')
    // Neutralised first, then quoted: the apostrophe sits inside the quotes.
    expect(csvCell('=1,2')).toBe(`"'=1,2"`)
  })

  it('writes a plain decimal figure as a number and anything else in it as text', () => {
    expect(csvCell({ number: '-25.00' })).toBe('-25.00')
    expect(csvCell({ number: '1234.56' })).toBe('1234.56')
    expect(csvCell({ number: '-1+1' })).toBe("'-1+1")
    expect(csvCell({ number: '=1,2' })).toBe(`"'=1,2"`)
  })

  it('ends rows with CRLF', () => {
    expect(csvRow(['a', 'b'])).toBe('a,b\r\n')
  })

  it('writes a lead as Name, Car Details, Consent, Date in UK time', () => {
    const row = leadCsvRow({
      firstName: 'Ann',
      lastName: "O'Neil",
      carDetails: '2016 Ford, Focus',
      hasConsent: true,
      createdAt: new Date('2026-07-01T23:30:00Z'),
    })
    expect(row).toBe(`Ann O'Neil,"2016 Ford, Focus",Yes,02/07/2026 00:30\r\n`)
    expect(formatCsvDate('2026-01-15T09:05:00Z')).toBe('15/01/2026 09:05')
  })

  it('names the file by the UK date', () => {
    expect(leadCsvFilename(new Date('2026-06-30T23:30:00Z'))).toBe('leads-2026-07-01.csv')
    expect(leadCsvFilename(new Date('2026-12-31T23:30:00Z'))).toBe('leads-2026-12-31.csv')
  })
})
