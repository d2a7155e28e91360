import type { Mail } from '../../platform/index.ts'

/** The audit actions that mail the account they are about, and whom: the actor, or the entity. */
export const noticeActions = {
  'auth.sign_in': 'actor',
  'auth.password_changed': 'actor',
  'auth.passkey_added': 'actor',
  'auth.passkey_removed': 'actor',
  'auth.totp_enabled': 'actor',
  'auth.totp_disabled': 'actor',
  'auth.recovery_codes_generated': 'actor',
  'auth.factors_reset': 'entity',
  'auth.codes_locked': 'actor',
} as const satisfies Record<string, 'actor' | 'entity'>

export type NoticeAction = keyof typeof noticeActions

export function isNoticeAction(action: string): action is NoticeAction {
  return Object.hasOwn(noticeActions, action)
}

/** An audit row as the notice reads it: only its action, time and detail (ids, a name, a method). */
export type NoticeEvent = {
  action: NoticeAction
  createdAt: Date
  detail: Record<string, unknown> | null
}

const methods: Record<string, string> = {
  password: 'password',
  'password+totp': 'password and authenticator code',
  'password+passkey': 'password and passkey',
  'password+recovery': 'password and recovery code',
  passkey: 'passkey',
  sso: 'single sign-on',
  'sso+totp': 'single sign-on and authenticator code',
  'sso+passkey': 'single sign-on and passkey',
  'sso+recovery': 'single sign-on and recovery code',
}

/** "25 November 2026, 04:30 UTC": the same for every reader, whatever their server's zone. */
export function formatNoticeTime(at: Date): string {
  const day = at.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })
  return `${day}, ${time} UTC`
}

/**
 * The mail telling `to` what happened to their account. It names what a person needs to recognise
 * the event (time, device and browser, the network prefix, the method; a passkey's name) and never
 * a secret, a code or a whole IP address: the detail it reads holds none.
 */
export function noticeMail(event: NoticeEvent, to: string, linkOrigin: string): Mail {
  const d = event.detail ?? {}
  const text = (key: string) => (typeof d[key] === 'string' && d[key] ? (d[key] as string) : undefined)
  const when = formatNoticeTime(event.createdAt)
  const notYou = `If this wasn't you, reset your password now (${linkOrigin}/forgot-password) and tell your admin.`
  const lines = (subject: string, body: string[]) => ({ to, subject, text: `${body.join('\n')}\n` })
  switch (event.action) {
    case 'auth.sign_in': {
      const place = text('place')
      return lines('New sign-in to your account', [
        'Your account was just signed in to.',
        '',
        `When: ${when}`,
        `Device: ${text('device') ?? 'Unknown device'}, ${text('browser') ?? 'Unknown browser'}`,
        `Network: ${place ? `${place} (the address's network only; no location lookup is made)` : 'unknown'}`,
        `Signed in with: ${methods[text('method') ?? ''] ?? 'unknown'}`,
        '',
        notYou,
      ])
    }
    case 'auth.password_changed':
      return lines('Your password was changed', [
        `The password of your account was changed on ${when}, and its other sessions were signed out.`,
        '',
        notYou,
      ])
    case 'auth.passkey_added': {
      const name = text('name')
      return lines('A passkey was added to your account', [
        `A passkey${name ? ` named "${name}"` : ''} was added to your account on ${when}.`,
        'It can now be used to sign in.',
        '',
        notYou,
      ])
    }
    case 'auth.passkey_removed': {
      const name = text('name')
      return lines('A passkey was removed from your account', [
        `A passkey${name ? ` named "${name}"` : ''} was removed from your account on ${when}.`,
        '',
        notYou,
      ])
    }
    case 'auth.totp_enabled':
      return lines('An authenticator app was added to your account', [
        `An authenticator app was set up for your account on ${when}.`,
        'Its codes can now be used to sign in.',
        '',
        notYou,
      ])
    case 'auth.totp_disabled':
      return lines('The authenticator app was removed from your account', [
        `The authenticator app was removed from your account on ${when}.`,
        '',
        notYou,
      ])
    case 'auth.recovery_codes_generated':
      return lines('New recovery codes were made for your account', [
        `New recovery codes were made for your account on ${when}. The earlier codes no longer work.`,
        '',
        notYou,
      ])
    case 'auth.codes_locked': {
      const minutes = typeof d.minutes === 'number' ? d.minutes : 15
      return lines('Sign-in codes for your account were paused', [
        `On ${when}, someone who got past the first step of signing in to your account then entered too many wrong codes.`,
        `Authenticator and recovery codes are refused for your account for ${minutes} minutes; passkeys still work.`,
        '',
        `If this wasn't you, someone may know your password: reset it now (${linkOrigin}/forgot-password) and tell your admin.`,
      ])
    }
    case 'auth.factors_reset':
      return lines('Your second factors were reset by an admin', [
        `An admin reset the second factors (passkeys, authenticator app, recovery codes) of your account on ${when}, and your sessions were ended.`,
        'Sign in again and set up a second factor.',
        '',
        'If you did not expect this, contact your admin.',
      ])
  }
}
