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
  return validConsent(value as Partial<ConsentRecord> | null, now)
}

function validConsent(record: Partial<ConsentRecord> | null, now: number): ConsentRecord | null {
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
 * The same choice as a cookie, so that a banner button posted as a plain form (before the islands
 * script runs) is answered by the server and honoured by the next page's first script:
 * `version:flags:timestamp:consentId`, flags being analytics, marketing and preferences as 0 or 1.
 */
export const CONSENT_COOKIE = 'cookie_consent_v1'
const COOKIE_VALUE = /^([^:]+):([01])([01])([01]):(\d{1,16}):([0-9a-f-]{36})$/i

export function formatConsentCookie(record: ConsentRecord): string {
  const flag = (on: boolean) => (on ? '1' : '0')
  return `${record.version}:${flag(record.analytics)}${flag(record.marketing)}${flag(record.preferences)}:${record.timestamp}:${record.consentId ?? ''}`
}

/** The cookie's value (already percent-decoded) as a record, when it holds a valid choice. */
export function parseConsentCookie(value: string | null | undefined, now = Date.now()): ConsentRecord | null {
  const m = value ? COOKIE_VALUE.exec(value) : null
  if (!m) return null
  return validConsent(
    {
      version: m[1],
      analytics: m[2] === '1',
      marketing: m[3] === '1',
      preferences: m[4] === '1',
      timestamp: Number(m[5]),
      consentId: (m[6] as string).toLowerCase(),
    },
    now,
  )
}

/** Of the browser's stored choice and the cookie's, the later one (the stored one on a tie). */
export function latestConsent(
  stored: ConsentRecord | null,
  cookie: ConsentRecord | null,
): ConsentRecord | null {
  if (!stored) return cookie
  if (!cookie) return stored
  return cookie.timestamp > stored.timestamp ? cookie : stored
}

/**
 * The first script of every public page: Consent Mode v2 defaults (everything denied but security
 * storage), then at once the visitor's choice if there is a valid one: the later of the one in
 * localStorage and the one in the consent cookie (which a form post to the server may have set).
 * The two are made to agree: the later is copied over the other (the cookie only where there is
 * one: a choice made by the script alone lives in localStorage alone). Mirrors `parseStoredConsent`,
 * `parseConsentCookie` and `latestConsent` in plain ES5 because it runs before any bundle.
 */
export function consentModeBootstrap(): string {
  const defaults = JSON.stringify({ ...defaultConsentSignals, wait_for_update: CONSENT_WAIT_FOR_UPDATE_MS })
  const key = JSON.stringify(CONSENT_STORAGE_KEY)
  return [
    '(function(){window.dataLayer=window.dataLayer||[];window.gtag=function(){dataLayer.push(arguments);};',
    `gtag('consent','default',${defaults});`,
    `function ok(c){var n=Date.now();return !!c&&typeof c==='object'&&c.version===${JSON.stringify(CONSENT_VERSION)}&&typeof c.timestamp==='number'&&n-c.timestamp<=${CONSENT_VALIDITY_MS}&&c.timestamp<=n+60000}`,
    `var s=null,k=null,c;try{s=JSON.parse(localStorage.getItem(${key}));}catch(e){}if(!ok(s))s=null;`,
    `try{var m=document.cookie.match(/(?:^|;\\s*)${CONSENT_COOKIE}=([^;]*)/);`,
    `var p=m&&decodeURIComponent(m[1]).match(${COOKIE_VALUE.toString()});`,
    "if(p)k={essential:true,analytics:p[2]==='1',marketing:p[3]==='1',preferences:p[4]==='1',timestamp:+p[5],version:p[1],consentId:p[6].toLowerCase()};}catch(e){}",
    'if(!ok(k))k=null;c=s&&!(k&&k.timestamp>s.timestamp)?s:k;',
    `if(c&&c===k){try{localStorage.setItem(${key},JSON.stringify(k));}catch(e){}}`,
    `else if(c&&m&&!(k&&k.timestamp===c.timestamp)&&typeof c.consentId==='string'){try{document.cookie=${JSON.stringify(`${CONSENT_COOKIE}=`)}+encodeURIComponent(c.version+':'+(c.analytics===true?1:0)+(c.marketing===true?1:0)+(c.preferences===true?1:0)+':'+c.timestamp+':'+c.consentId)+${JSON.stringify(consentCookieAttributes())}+(location.protocol==='https:'?';Secure':'');}catch(e){}}`,
    'if(c){',
    "var m2=c.marketing===true?'granted':'denied',a=c.analytics===true?'granted':'denied',pr=c.preferences===true?'granted':'denied';",
    "gtag('consent','update',{ad_storage:m2,ad_user_data:m2,ad_personalization:m2,analytics_storage:a,functionality_storage:pr,personalization_storage:pr,security_storage:'granted'});return}",
    // No valid choice: the consent dialog in the server HTML may show from the first paint.
    "document.documentElement.setAttribute('data-consent-pending','')})()",
  ].join('')
}

/** `; Path=/; Max-Age=…; SameSite=Lax`: what the browser's own writes of the cookie carry (not Secure). */
export function consentCookieAttributes(): string {
  return `;Path=/;Max-Age=${Math.floor(CONSENT_VALIDITY_MS / 1000)};SameSite=Lax`
}

/**
 * The only handler of the Cookie Preferences controls (`data-open-cookie-preferences`), in the head
 * so that a click works from the first paint: it raises `showCookiePreferences` and leaves
 * `window.__cookiePreferencesRequested` set, which the consent dialog takes up when it hydrates if
 * it was not listening yet (the islands script comes after the first paint). It also keeps the
 * control's no-JavaScript form from leaving the page. Plain ES5: it runs before any bundle.
 *
 * Until the dialog has hydrated it also switches the dialog's views (`data-consent-show` on a
 * control, `data-consent-view` on a view): the views are in the server HTML and their buttons are
 * plain form controls, so Manage Preferences, the switches and every decision work before React
 * does. Once it has, React handles those clicks and marks them handled (`defaultPrevented`).
 */
export function cookiePreferencesOpener(): string {
  return [
    "document.addEventListener('click',function(e){",
    "var t=e.target,v=t&&t.closest?t.closest('[data-consent-show]'):null;",
    "if(v){if(e.defaultPrevented)return;var want=v.getAttribute('data-consent-show'),l=document.querySelectorAll('[data-consent-view]');",
    "for(var i=0;i<l.length;i++){if(l[i].getAttribute('data-consent-view')===want){l[i].setAttribute('data-active','');l[i].focus();}else l[i].removeAttribute('data-active');}return}",
    "var c=t&&t.closest?t.closest('[data-open-cookie-preferences]'):null;if(!c)return;",
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
