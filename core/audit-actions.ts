import { settingAuditLabel } from './settings.ts'

/**
 * Every action the audit log records, with the words the admin shows for it. The server may only
 * record an action listed here (the type says so), so the activity feed can always describe it.
 */
export const auditActions = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Failed sign-in',
  'auth.sign_out': 'Signed out',
  'auth.password_reset_requested': 'Password reset requested',
  'auth.password_reset': 'Password reset',
  'auth.password_changed': 'Password changed',
  'auth.invite_sent': 'Invitation to set a password sent',
  'auth.invite_accepted': 'Invitation accepted: password set',
  'auth.first_admin_created': 'First admin created',
  'auth.session_ended': 'Session ended',
  'auth.sso_linked': 'Account linked to single sign-on',
  'auth.passkey_added': 'Passkey added',
  'auth.passkey_removed': 'Passkey removed',
  'auth.totp_enabled': 'Authenticator app turned on',
  'auth.totp_disabled': 'Authenticator app removed',
  'auth.recovery_codes_generated': 'Recovery codes generated',
  'auth.recovery_code_used': 'Recovery code used to sign in',
  'auth.codes_locked': 'Sign-in codes paused after too many wrong ones',
  'auth.reauthenticated': 'Confirmed it was them again',
  'auth.factors_reset': "A user's second factors reset",
  'auth.mfa_policy_changed': 'Second-factor policy changed',
  'page.create': 'Page created',
  'page.update': 'Page updated',
  'page.delete': 'Page deleted',
  'page.restore': 'Page restored from a revision',
  'page.review_accepted': 'Compliance review flag accepted with a note',
  'page.publish': 'Page published',
  'page.publish_requested': 'Page publication awaiting a second admin',
  'page.publish_approved': 'Page publication approved',
  'page.publish_rejected': 'Page publication rejected',
  'page.publish_scheduled': 'Page publication scheduled',
  'page.publish_cancelled': 'Page publication cancelled',
  'page.publish_failed': 'Scheduled page publication failed',
  'saved_section.create': 'Section saved for reuse',
  'saved_section.update': 'Saved section renamed',
  'saved_section.delete': 'Saved section deleted',
  'upload.create': 'Image uploaded',
  'media.create': 'Image added to the media library',
  'media.update': 'Image alt text changed',
  'media.delete': 'Image deleted from the media library',
  'media.cleanup': 'Unused images cleaned up',
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
  'lead.view': 'Lead opened',
  'lead.export': 'Leads exported',
  'subject.export': "A person's data looked up",
  'subject.erase': "A person's data erased",
  'complaint.list': 'Data-protection complaints viewed',
  'complaint.update': 'Data-protection complaint updated',
  'lead.resend': 'Lead sent again to the buyer',
  'lead.route': 'Lead routed again to buyers',
  'webhook.create': 'Webhook created',
  'webhook.update': 'Webhook updated',
  'webhook.delete': 'Webhook deleted',
  'conversion_destination.create': 'Conversion destination added',
  'conversion_destination.update': 'Conversion destination updated',
  'conversion_destination.delete': 'Conversion destination deleted',
  'conversion_destination.test': 'Test conversion sent',
  'questionnaire.create': 'Questionnaire draft created',
  'questionnaire.update': 'Questionnaire draft updated',
  'questionnaire.delete': 'Questionnaire draft deleted',
  'questionnaire.duplicate': 'Questionnaire version duplicated',
  'questionnaire.publish': 'Questionnaire version published',
  'questionnaire.publish_requested': 'Questionnaire publication awaiting a second admin',
  'questionnaire.publish_rejected': 'Questionnaire publication rejected',
  'buyer.create': 'Buyer created',
  'buyer.update': 'Buyer updated',
  'buyer.delete': 'Buyer deleted',
  'contract.create': 'Contract created',
  'contract.update': 'Contract updated',
  'contract.delete': 'Contract deleted',
  'buyer_key.create': 'Buyer API key created',
  'buyer_key.revoke': 'Buyer API key revoked',
  'buyer_account.create': 'Buyer sign-in account created',
  'buyer_account.delete': 'Buyer sign-in account deleted',
  'return.request': 'Lead returned by a buyer',
  'return.approve': 'Lead return approved',
  'return.reject': 'Lead return rejected',
  'experiment.create': 'Experiment created',
  'experiment.update': 'Experiment updated',
  'experiment.delete': 'Experiment deleted',
  'experiment.start': 'Experiment started',
  'experiment.stop': 'Experiment stopped',
  'experiment.promote': 'Experiment variant promoted to the page',
} as const satisfies Record<string, string>

export type AuditAction = keyof typeof auditActions

/** An entry of `GET /api/admin/activity`. */
export type ActivityEntry = {
  id: number
  createdAt: string
  actorEmail: string | null
  action: AuditAction | string
  entity: string | null
  entityId: string | null
  detail: Record<string, unknown> | null
}

export function describeAction(action: string): string {
  return (auditActions as Record<string, string>)[action] ?? action
}

/** An audit entry in plain words: "Page 'Spring offer' published", "Redirect /old added". */
const signInMethods: Record<string, string> = {
  password: 'a password',
  'password+totp': 'a password and an authenticator code',
  'password+passkey': 'a password and a passkey',
  'password+recovery': 'a password and a recovery code',
  passkey: 'a passkey',
  sso: 'single sign-on',
  'sso+totp': 'single sign-on and an authenticator code',
  'sso+passkey': 'single sign-on and a passkey',
  'sso+recovery': 'single sign-on and a recovery code',
}

export function describeActivity(entry: Pick<ActivityEntry, 'action' | 'entityId' | 'detail'>): string {
  const d = entry.detail ?? {}
  const text = (key: string) => (typeof d[key] === 'string' ? (d[key] as string) : undefined)
  const fields = Array.isArray(d.fields) ? (d.fields as string[]) : []
  const onlyToggle = (flag: string) => fields.length === 1 && fields[0] === flag
  const [area, verb] = entry.action.split('.') as [string, string]
  if (area === 'page') {
    const name = `Page '${text('title') ?? text('slug') ?? entry.entityId}'`
    if (verb === 'update' && onlyToggle('isPublished'))
      return `${name} ${d.isPublished ? 'published' : 'unpublished'}`
    const done =
      { create: 'created', delete: 'deleted', restore: 'restored from a revision' }[verb] ?? 'updated'
    return `${name} ${done}`
  }
  if (
    area === 'redirect' ||
    area === 'script' ||
    area === 'webhook' ||
    area === 'buyer' ||
    area === 'contract'
  ) {
    const nouns: Record<string, string> = {
      script: 'Script',
      webhook: 'Webhook',
      buyer: 'Buyer',
      contract: 'Contract',
    }
    const name =
      area === 'redirect'
        ? `Redirect ${text('fromUrl') ?? ''}`.trim()
        : `${nouns[area]} '${text('name') ?? ''}'`
    if (verb === 'update' && onlyToggle('isActive'))
      return `${name} ${d.isActive ? 'turned on' : 'turned off'}`
    return `${name} ${verb === 'create' ? 'added' : verb === 'delete' ? 'deleted' : 'updated'}`
  }
  if (area === 'saved_section') {
    const name = `Saved section '${text('name') ?? entry.entityId}'`
    return `${name} ${verb === 'create' ? 'added' : verb === 'delete' ? 'deleted' : 'renamed'}`
  }
  if (entry.action === 'setting.update') {
    return `${settingAuditLabel(entry.entityId ?? '') ?? `Setting ${entry.entityId}`} updated`
  }
  if (entry.action === 'upload.create' && typeof d.width === 'number' && typeof d.height === 'number') {
    return `Image uploaded (${d.width}×${d.height})`
  }
  if (area === 'media' && typeof d.fileName === 'string') {
    const verbs: Record<string, string> = { create: 'added', update: 'alt text changed', delete: 'deleted' }
    if (verbs[verb]) return `Image '${d.fileName}' ${verbs[verb]}`
  }
  if (entry.action === 'media.cleanup' && typeof d.deleted === 'number') {
    return `Unused images cleaned up (${d.deleted} deleted)`
  }
  if (entry.action === 'lead.export' && typeof d.rows === 'number') return `Leads exported (${d.rows} rows)`
  if (area === 'subject' && typeof d.leads === 'number') {
    const by = d.by === 'phone' ? 'phone number' : 'email'
    const leads = `${d.leads} ${d.leads === 1 ? 'lead' : 'leads'}`
    if (verb === 'erase') return `A person's data erased by ${by} (${leads})`
    return `A person's data ${d.download ? 'downloaded' : 'looked up'} by ${by} (${leads})`
  }
  if (area === 'questionnaire') {
    const name = `Questionnaire version ${typeof d.version === 'number' ? d.version : entry.entityId}`
    if (verb === 'duplicate' && typeof d.from === 'number') return `${name} created from version ${d.from}`
    const done = { create: 'created', delete: 'deleted', publish: 'published' }[verb] ?? 'updated'
    return `${name} ${done}`
  }
  if ((entry.action === 'auth.passkey_added' || entry.action === 'auth.passkey_removed') && text('name'))
    return `Passkey '${text('name')}' ${verb === 'passkey_added' ? 'added' : 'removed'}`
  if (entry.action === 'auth.sign_in' && text('method') && signInMethods[text('method') as string])
    return `Signed in with ${signInMethods[text('method') as string]}`
  if (entry.action === 'lead.resend') return `Lead ${entry.entityId} sent again to the buyer`
  if (entry.action === 'lead.route') return `Lead ${entry.entityId} routed again to buyers`
  return describeAction(entry.action)
}
