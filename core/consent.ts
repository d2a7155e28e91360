/** SPEC sections 3, 4 and 9. */
export const CONSENT_STORAGE_KEY = 'cookie_consent_v1'
export const CONSENT_VERSION = '1.0'
export const CONSENT_VALIDITY_MS = 13 * 30 * 24 * 60 * 60 * 1000
export const CONSENT_WAIT_FOR_UPDATE_MS = 500

export const consentCategories = ['analytics', 'marketing', 'preferences'] as const
export type ConsentCategory = (typeof consentCategories)[number]
export const scriptConsentCategories = ['none', ...consentCategories] as const

export type ConsentRecord = {
  essential: true
  analytics: boolean
  marketing: boolean
  preferences: boolean
  timestamp: number
  version: string
  /** Random id that ties the stored choice to its proof on the server. */
  consentId?: string
}

export type ConsentSignals = Record<
  | 'ad_storage'
  | 'ad_user_data'
  | 'ad_personalization'
  | 'analytics_storage'
  | 'functionality_storage'
  | 'personalization_storage'
  | 'security_storage',
  'granted' | 'denied'
>

const state = (on: boolean) => (on ? 'granted' : 'denied')

/** Marketing → ads signals, analytics → analytics storage, preferences → functionality and personalisation. */
export function consentSignals(choice: Pick<ConsentRecord, ConsentCategory>): ConsentSignals {
  return {
    ad_storage: state(choice.marketing),
    ad_user_data: state(choice.marketing),
    ad_personalization: state(choice.marketing),
    analytics_storage: state(choice.analytics),
    functionality_storage: state(choice.preferences),
    personalization_storage: state(choice.preferences),
    security_storage: 'granted',
  }
}

export const defaultConsentSignals: ConsentSignals = consentSignals({
  analytics: false,
  marketing: false,
  preferences: false,
})

/** A stored record counts only when it is ours, of this version and younger than the validity period. */
export function parseStoredConsent(raw: string | null, now = Date.now()): ConsentRecord | null {
  if (!raw) return null
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  const record = value as Partial<ConsentRecord> | null
  if (!record || typeof record !== 'object' || record.version !== CONSENT_VERSION) return null
  if (
    typeof record.timestamp !== 'number' ||
    now - record.timestamp > CONSENT_VALIDITY_MS ||
    record.timestamp > now + 60_000
  ) {
    return null
  }
  return {
    essential: true,
    analytics: record.analytics === true,
    marketing: record.marketing === true,
    preferences: record.preferences === true,
    timestamp: record.timestamp,
    version: CONSENT_VERSION,
    consentId: typeof record.consentId === 'string' ? record.consentId : undefined,
  }
}

/**
 * The first script of every public page: Consent Mode v2 defaults (everything denied but security
 * storage), then at once the visitor's stored choice if there is a valid one. Mirrors
 * `parseStoredConsent` in plain ES5 because it runs before any bundle.
 */
export function consentModeBootstrap(): string {
  const defaults = JSON.stringify({ ...defaultConsentSignals, wait_for_update: CONSENT_WAIT_FOR_UPDATE_MS })
  return [
    '(function(){window.dataLayer=window.dataLayer||[];window.gtag=function(){dataLayer.push(arguments);};',
    `gtag('consent','default',${defaults});`,
    `try{var c=JSON.parse(localStorage.getItem(${JSON.stringify(CONSENT_STORAGE_KEY)}));`,
    `if(c&&c.version===${JSON.stringify(CONSENT_VERSION)}&&typeof c.timestamp==='number'&&Date.now()-c.timestamp<=${CONSENT_VALIDITY_MS}){`,
    "var m=c.marketing===true?'granted':'denied',a=c.analytics===true?'granted':'denied',p=c.preferences===true?'granted':'denied';",
    "gtag('consent','update',{ad_storage:m,ad_user_data:m,ad_personalization:m,analytics_storage:a,functionality_storage:p,personalization_storage:p,security_storage:'granted'});return}",
    '}catch(e){}',
    // No valid choice: the consent dialog in the server HTML may show from the first paint.
    "document.documentElement.setAttribute('data-consent-pending','')})()",
  ].join('')
}

/**
 * The only handler of the Cookie Preferences controls (`data-open-cookie-preferences`), in the head
 * so that a click works from the first paint: it raises `showCookiePreferences` and leaves
 * `window.__cookiePreferencesRequested` set, which the consent dialog takes up when it hydrates if
 * it was not listening yet (the islands script comes after the first paint). It also keeps the
 * control's no-JavaScript form from leaving the page. Plain ES5: it runs before any bundle.
 */
export function cookiePreferencesOpener(): string {
  return [
    "document.addEventListener('click',function(e){",
    "var t=e.target,c=t&&t.closest?t.closest('[data-open-cookie-preferences]'):null;if(!c)return;",
    "e.preventDefault();window.__cookiePreferencesRequested=true;window.dispatchEvent(new Event('showCookiePreferences'))});",
  ].join('')
}

/**
 * Defines `window.__consentActivate(record)`, which turns inert scripts (`type="text/plain"` with
 * `data-consent-category`) of granted categories into real ones, once each, keeping their
 * attributes; and runs it at once for a valid stored choice. Plain ES5: it runs before any bundle.
 */
export function consentScriptActivator(): string {
  return [
    '(function(){',
    'function act(c){if(!c)return;var list=document.querySelectorAll(\'script[type="text/plain"][data-consent-category]\');',
    'for(var i=0;i<list.length;i++){var el=list[i],cat=el.getAttribute("data-consent-category");',
    'if(c[cat]!==true||el.getAttribute("data-consent-activated"))continue;',
    'var s=document.createElement("script");for(var j=0;j<el.attributes.length;j++){var a=el.attributes[j];',
    'if(a.name!=="type"&&a.name.indexOf("data-consent-")!==0)s.setAttribute(a.name,a.value);}',
    'var t=el.getAttribute("data-consent-type");if(t)s.type=t;if(el.nonce)s.nonce=el.nonce;',
    'if(!el.src)s.text=el.text;el.setAttribute("data-consent-activated","true");el.parentNode.insertBefore(s,el.nextSibling);}}',
    'window.__consentActivate=act;',
    `try{var c=JSON.parse(localStorage.getItem(${JSON.stringify(CONSENT_STORAGE_KEY)}));`,
    `if(c&&c.version===${JSON.stringify(CONSENT_VERSION)}&&typeof c.timestamp==='number'&&Date.now()-c.timestamp<=${CONSENT_VALIDITY_MS})act(c);}catch(e){}`,
    '})();',
  ].join('')
}
