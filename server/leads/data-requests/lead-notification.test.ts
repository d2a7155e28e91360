import { describe, expect, it } from 'vitest'
import { NEW_LEAD_SUBJECT, newLeadMail } from './lead-notification.server.ts'

describe('newLeadMail', () => {
  it('links to the lead in the admin and says nothing else about it', () => {
    const mail = newLeadMail('ops@example.com', 'https://claims.example', 42)
    expect(mail.to).toBe('ops@example.com')
    expect(mail.subject).toBe(NEW_LEAD_SUBJECT)
    expect(mail.subject).toBe('New lead received')
    expect(mail.text).toContain('https://claims.example/admin?tab=leads&lead=42')
    expect(mail.text.match(/https?:\/\/\S+/g)).toEqual(['https://claims.example/admin?tab=leads&lead=42'])
  })
})
