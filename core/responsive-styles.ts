/**
 * Per-device styles (docs/decisions/0062-per-device-styles.md). The devices' widths are defined
 * here once; the public page and the canvas's device previews (an iframe as wide as the device)
 * both get the same media-query CSS from `responsiveCss`.
 */

export const devices = ['desktop', 'tablet', 'mobile'] as const
export type Device = (typeof devices)[number]

/** Below this width a page is on a tablet's rules; below `MOBILE_BELOW`, on a phone's. */
export const TABLET_BELOW = 1024
export const MOBILE_BELOW = 768

/** The range of window widths each device's rules answer to. */
export const deviceMedia: Record<Device, string> = {
  desktop: `(min-width: ${TABLET_BELOW}px)`,
  tablet: `(max-width: ${TABLET_BELOW - 0.02}px)`,
  mobile: `(max-width: ${MOBILE_BELOW - 0.02}px)`,
}

/** Only the tablet's range: a widget hidden on tablets still shows on phones. */
const tabletOnly = `(min-width: ${MOBILE_BELOW}px) and (max-width: ${TABLET_BELOW - 0.02}px)`

/** Style fields that may differ per device; the plain field is the desktop value (and the fallback). */
export const responsiveFields = ['fontSize', 'margin', 'padding'] as const
export type ResponsiveField = (typeof responsiveFields)[number]

const suffix = { tablet: 'Tablet', mobile: 'Mobile', desktop: 'Desktop' } as const

/** `fontSizeTablet`, `paddingMobile`, … : the stored key of a narrower device's value. */
export type DeviceStyleField = `${ResponsiveField}${'Tablet' | 'Mobile'}` | `hide${(typeof suffix)[Device]}`

export const deviceStyleFields = [
  ...responsiveFields.flatMap((field) => [`${field}Tablet`, `${field}Mobile`] as const),
  ...devices.map((device) => `hide${suffix[device]}` as const),
] as const satisfies readonly DeviceStyleField[]

/** The key a responsive field's value for `device` is stored under (desktop: the plain field). */
export function deviceField(field: ResponsiveField, device: Device): ResponsiveField | DeviceStyleField {
  return device === 'desktop' ? field : `${field}${suffix[device]}`
}

export const hideField = (device: Device): DeviceStyleField => `hide${suffix[device]}`

/**
 * The value in effect on `device`: its own, else the next wider device's (a phone takes the
 * tablet's size unless it has its own, as in Elementor).
 */
export function effectiveValue(
  styles: Partial<Record<string, string>>,
  field: ResponsiveField,
  device: Device,
): string | undefined {
  const order = devices.slice(0, devices.indexOf(device) + 1).reverse()
  for (const d of order) {
    const value = styles[deviceField(field, d)]
    if (value) return value
  }
  return undefined
}

const cssProperty: Record<ResponsiveField, string> = {
  fontSize: 'font-size',
  margin: 'margin',
  padding: 'padding',
}

// Ids are written into a selector: anything but these characters is not given rules at all.
const SAFE_ID = /^[A-Za-z0-9_-]{1,80}$/

/**
 * The media-query CSS of one element's per-device values. `root` is the element's attribute
 * selector (`[data-widget-id="w1"]`), `target` where its styles sit inside it (a block puts them on
 * its own element). The plain values stay in the `style` attribute, so the overrides are
 * `!important`; a page without per-device values gets no CSS at all, and renders as before.
 * `isValid` is the style checker (core/page-styles.ts): nothing unchecked reaches the CSS.
 */
export function responsiveCss(
  attribute: 'data-widget-id' | 'data-section-id',
  id: string,
  target: string,
  styles: Partial<Record<string, string>>,
  isValid: (field: ResponsiveField, value: string) => boolean,
): string {
  if (!SAFE_ID.test(id)) return ''
  const root = `[${attribute}="${id}"]`
  const rules: string[] = []
  for (const device of ['tablet', 'mobile'] as const) {
    const declarations = responsiveFields.flatMap((field) => {
      const value = styles[deviceField(field, device)]?.trim()
      return value && isValid(field, value) ? [`${cssProperty[field]}:${value} !important`] : []
    })
    if (declarations.length > 0) {
      rules.push(`@media ${deviceMedia[device]}{${root}${target}{${declarations.join(';')}}}`)
    }
  }
  for (const device of devices) {
    if (styles[hideField(device)] !== 'true') continue
    const media = device === 'tablet' ? tabletOnly : deviceMedia[device]
    rules.push(`@media ${media}{${root}{display:none !important}}`)
  }
  return rules.join('')
}
