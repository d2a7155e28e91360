import { LEAD_NOTIFICATION_EMAIL_KEY } from '../../../core/lead-settings.ts'
import { settingValue } from '../../../core/settings.ts'
import type { AppServices, Mail } from '../../platform/index.ts'

export const NEW_LEAD_SUBJECT = 'New lead received'

/**
 * The operator's note of a new lead. Mail passes through servers we do not control and sits in
 * inboxes for years: it carries a link to the lead (behind the admin sign-in) and nothing about
 * the person, not even in the subject.
 */
export function newLeadMail(to: string, linkOrigin: string, leadId: number): Mail {
  const link = `${linkOrigin}/admin?tab=leads&lead=${leadId}`
  return {
    to,
    subject: NEW_LEAD_SUBJECT,
    text: `A new lead has arrived on the website.\n\nOpen it in the admin (sign-in required):\n${link}\n\nYou get this email because your address is set as the lead notification address in the admin settings. Clear that setting to stop these emails.`,
  }
}

/**
 * Mails the `lead_notification_email` address for each new lead (never for duplicates or bots),
 * after the visitor has had their answer. Blank or invalid: no mail.
 */
export function notifyOperatorOfNewLeads(services: AppServices) {
  const { events, background, site, mailer, config } = services
  events.on('lead.created', ({ id }) => {
    background.run('lead-notification', async () => {
      const { settings } = await site.get()
      const to = settingValue(settings, LEAD_NOTIFICATION_EMAIL_KEY)
      if (to) await mailer.send(newLeadMail(to, config.linkOrigin, id))
    })
  })
}
