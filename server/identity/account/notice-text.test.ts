import { describe, expect, it } from 'vitest'
import { formatNoticeTime, isNoticeAction, noticeActions, noticeMail } from './notice-text.ts'

const at = new Date('2026-11-25T04:30:12Z')
const origin = 'https://claims.example'

describe('account notice mails', () => {
  it('tells of a new sign-in: when, device, browser, network prefix and method', () => {
    const mail = noticeMail(
      {
        action: 'auth.sign_in',
        createdAt: at,
        detail: {
          method: 'password+totp',
          session: '0b5f3c1e-8d1e-4f55-9a43-2f4f0b1d9f7a',
          device: 'Windows',
          browser: 'Chrome 131',
          place: '203.0.113.0/24',
        },
      },
      'ann@example.test',
      origin,
    )
    expect(mail.to).toBe('ann@example.test')
    expect(mail.subject).toBe('New sign-in to your account')
    expect(mail.text).toContain('25 November 2026, 04:30 UTC')
    expect(mail.text).toContain('Device: Windows, Chrome 131')
    expect(mail.text).toContain('203.0.113.0/24')
    expect(mail.text).toContain('no location lookup')
    expect(mail.text).toContain('password and authenticator code')
    expect(mail.text).toContain("If this wasn't you, reset your password")
    expect(mail.text).toContain(`${origin}/forgot-password`)
    expect(mail.text).toContain('tell your admin')
    // The session's public id is for the audit log, not the mail.
    expect(mail.text).not.toContain('0b5f3c1e')
  })

  it('copes with a sign-in whose details are missing', () => {
    const mail = noticeMail({ action: 'auth.sign_in', createdAt: at, detail: null }, 'a@example.test', origin)
    expect(mail.text).toContain('Unknown device, Unknown browser')
    expect(mail.text).toContain('Network: unknown')
  })

  it('names a passkey added or removed', () => {
    const added = noticeMail(
      { action: 'auth.passkey_added', createdAt: at, detail: { name: 'Work laptop' } },
      'a@example.test',
      origin,
    )
    expect(added.subject).toBe('A passkey was added to your account')
    expect(added.text).toContain('"Work laptop"')
    const removed = noticeMail(
      { action: 'auth.passkey_removed', createdAt: at, detail: { name: 'Old key' } },
      'a@example.test',
      origin,
    )
    expect(removed.subject).toBe('A passkey was removed from your account')
    expect(removed.text).toContain('"Old key"')
  })

  it('has a subject for every action it mails, and no secret from the detail', () => {
    const subjects = new Set<string>()
    for (const action of Object.keys(noticeActions)) {
      expect(isNoticeAction(action)).toBe(true)
      const mail = noticeMail(
        {
          action: action as keyof typeof noticeActions,
          createdAt: at,
          detail: { secret: 'JBSWY3DPEHPK3PXP', code: '123456' },
        },
        'a@example.test',
        origin,
      )
      subjects.add(mail.subject)
      expect(mail.text).not.toContain('JBSWY3DPEHPK3PXP')
      expect(mail.text).not.toContain('123456')
    }
    expect(subjects.size).toBe(Object.keys(noticeActions).length)
    expect([...subjects]).toContain('Your second factors were reset by an admin')
    expect(isNoticeAction('auth.sign_in_failed')).toBe(false)
  })

  it('writes times in UTC', () => {
    expect(formatNoticeTime(new Date('2026-06-01T23:05:00Z'))).toBe('1 June 2026, 23:05 UTC')
  })
})
