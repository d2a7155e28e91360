import type { scriptConsentCategories } from './consent.ts'

type ScriptCategory = (typeof scriptConsentCategories)[number]

/**
 * Tag IDs a marketer pastes where a plugin would take them. Each stands for the vendor's standard
 * snippet; the snippet runs under the consent category the vendor's cookies need, after the Consent
 * Mode defaults (all denied) that every public page sets first.
 */
export type ScriptVendor = {
  key: 'gtm' | 'ga4' | 'meta'
  label: string
  pattern: RegExp
  /** The category the snippet must wait for; null when the operator chooses any but essential. */
  category: Exclude<ScriptCategory, 'none'> | null
  head: (id: string) => string
  /** The vendor's fallback for visitors without JavaScript, where it has one. */
  noscript?: (id: string) => string
}

export const scriptVendors: readonly ScriptVendor[] = [
  {
    key: 'gtm',
    label: 'Google Tag Manager',
    pattern: /^GTM-[A-Z0-9]{4,12}$/,
    category: null,
    head: (id) =>
      [
        '<!-- Google Tag Manager -->',
        "<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':",
        "new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],",
        "j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src=",
        "'https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);",
        `})(window,document,'script','dataLayer','${id}');</script>`,
        '<!-- End Google Tag Manager -->',
      ].join('\n'),
    noscript: (id) =>
      [
        '<!-- Google Tag Manager (noscript) -->',
        `<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=${id}"`,
        'height="0" width="0" style="display:none;visibility:hidden"></iframe></noscript>',
        '<!-- End Google Tag Manager (noscript) -->',
      ].join('\n'),
  },
  {
    key: 'ga4',
    label: 'Google Analytics 4',
    pattern: /^G-[A-Z0-9]{4,12}$/,
    category: 'analytics',
    head: (id) =>
      [
        '<!-- Google tag (gtag.js) -->',
        `<script async src="https://www.googletagmanager.com/gtag/js?id=${id}"></script>`,
        '<script>',
        '  window.dataLayer = window.dataLayer || [];',
        '  function gtag(){dataLayer.push(arguments);}',
        "  gtag('js', new Date());",
        '',
        `  gtag('config', '${id}');`,
        '</script>',
      ].join('\n'),
  },
  {
    key: 'meta',
    label: 'Meta Pixel',
    pattern: /^\d{15,16}$/,
    category: 'marketing',
    head: (id) =>
      [
        '<!-- Meta Pixel Code -->',
        '<script>',
        '!function(f,b,e,v,n,t,s)',
        '{if(f.fbq)return;n=f.fbq=function(){n.callMethod?',
        'n.callMethod.apply(n,arguments):n.queue.push(arguments)};',
        "if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';",
        'n.queue=[];t=b.createElement(e);t.async=!0;',
        't.src=v;s=b.getElementsByTagName(e)[0];',
        "s.parentNode.insertBefore(t,s)}(window, document,'script',",
        "'https://connect.facebook.net/en_US/fbevents.js');",
        `fbq('init', '${id}');`,
        "fbq('track', 'PageView');",
        '</script>',
        '<!-- End Meta Pixel Code -->',
      ].join('\n'),
    noscript: (id) =>
      [
        '<noscript><img height="1" width="1" style="display:none"',
        `src="https://www.facebook.com/tr?id=${id}&ev=PageView&noscript=1"`,
        '/></noscript>',
      ].join('\n'),
  },
]

export type VendorTag = { vendor: ScriptVendor; id: string }

/** The vendor and ID when the whole entry is a bare tag ID (any case, spaces around ignored). */
export function vendorTag(script: string): VendorTag | null {
  const id = script.trim().toUpperCase()
  const vendor = scriptVendors.find((v) => v.pattern.test(id))
  return vendor ? { vendor, id } : null
}

const categoryNames: Record<Exclude<ScriptCategory, 'none'>, string> = {
  analytics: 'Analytics',
  marketing: 'Marketing',
  preferences: 'Preferences',
}

/** Why a vendor tag cannot run under this category, or null when it can (or it is no tag). */
export function vendorCategoryProblem(script: string, category: ScriptCategory): string | null {
  const tag = vendorTag(script)
  if (!tag) return null
  const { vendor } = tag
  if (vendor.category && category !== vendor.category) {
    return `${vendor.label} sets ${categoryNames[vendor.category].toLowerCase()} cookies: choose the ${categoryNames[vendor.category]} consent category`
  }
  if (category === 'none') {
    return `${vendor.label} is not essential: choose the consent category of the tags it loads (Analytics or Marketing)`
  }
  return null
}
