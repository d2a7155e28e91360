const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
})
const relative = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' })

export function formatDateTime(value: string | Date): string {
  return dateTime.format(new Date(value))
}

export function timeAgo(value: string | Date, now = Date.now()): string {
  const seconds = Math.round((new Date(value).getTime() - now) / 1000)
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ]
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit)
  }
  return 'just now'
}

const actions: Record<string, string> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Failed sign-in',
  'auth.sign_out': 'Signed out',
  'auth.password_reset_requested': 'Password reset requested',
  'auth.password_reset': 'Password reset',
  'auth.first_admin_created': 'First admin created',
  'page.create': 'Page created',
  'page.update': 'Page updated',
  'page.delete': 'Page deleted',
  'setting.update': 'Setting updated',
  'script.create': 'Script created',
  'script.update': 'Script updated',
  'script.delete': 'Script deleted',
  'redirect.create': 'Redirect created',
  'redirect.update': 'Redirect updated',
  'redirect.delete': 'Redirect deleted',
  'user.create': 'Admin user created',
  'user.update': 'Admin user updated',
  'lead.list': 'Leads viewed',
  'lead.export': 'Leads exported',
}

export function describeAction(action: string): string {
  return actions[action] ?? action
}
