import { z } from 'zod'
import {
  complianceKeys,
  dateBandKeys,
  dateBands,
  estimateKeys,
  loanBandLabel,
  loanBands,
} from './compliance-keys.ts'
import { DEFAULT_COMPLIANCE } from './compliance-statements.ts'
import { formatPounds } from './money.ts'
import { FCA_AVERAGE_AWARD } from './questionnaire/redress-scheme-definition.ts'
import {
  DEFAULT_ANALYTICS_HOURLY_RETENTION_DAYS,
  DEFAULT_CONSENT_VERSION_MAX_AGE_HOURS,
  DEFAULT_DUPLICATE_WINDOW_DAYS,
  DEFAULT_QUESTIONNAIRE_REFERENCE_AMOUNT,
  DEFAULT_RETENTION_YEARS,
  DEFAULT_ROBOTS_TXT,
  DEFAULT_SCHEME_STATUS,
  MAX_RETENTION_YEARS,
  MIN_RETENTION_YEARS,
} from './setting-defaults.ts'
import {
  anyText,
  defineSetting,
  month,
  pattern,
  pounds,
  singleLine,
  text,
  wholeNumber,
} from './setting-rules.ts'
import { site } from './site.ts'

/**
 * Every site setting, defined once (docs/decisions/0068-settings-registry.md), in the order of the
 * settings screen; core/settings.ts reads them.
 */

const d = DEFAULT_COMPLIANCE
const poundsHint = (amount: number) => `Whole pounds. Default ${formatPounds(amount)}.`

export const settingDefinitions = [
  // The site card: SPEC section 2's eight settings, plus the buyer named beside the consent box.
  defineSetting({
    key: 'site_title',
    category: 'site',
    group: 'site',
    label: 'Site Title',
    description: 'Used in the browser tab and search results when a page has no title of its own.',
    default: '',
    rule: anyText(),
    seed: { category: 'general', description: 'Default page title', value: site.name },
  }),
  defineSetting({
    key: 'site_description',
    category: 'site',
    group: 'site',
    label: 'Site Description',
    description: 'The description search engines show when a page has none.',
    default: '',
    rule: anyText('multiline'),
  }),
  defineSetting({
    key: 'site_keywords',
    category: 'site',
    group: 'site',
    label: 'Site Keywords',
    description: 'Comma-separated, e.g. car finance claim, PCP commission.',
    default: '',
    rule: anyText(),
  }),
  defineSetting({
    key: 'og_title',
    category: 'site',
    group: 'site',
    label: 'Social Title',
    description: 'The title shown when the site is shared on social networks.',
    default: '',
    rule: anyText(),
  }),
  defineSetting({
    key: 'og_description',
    category: 'site',
    group: 'site',
    label: 'Social Description',
    description: 'The text shown under the title when the site is shared.',
    default: '',
    rule: anyText('multiline'),
  }),
  defineSetting({
    key: 'og_image',
    category: 'site',
    group: 'site',
    label: 'Social Image URL',
    description: 'A public https:// address of an image (1200 × 630 works best).',
    default: '',
    rule: anyText('url'),
  }),
  defineSetting({
    key: 'favicon_url',
    category: 'site',
    group: 'site',
    label: 'Favicon URL',
    description: 'A public https:// address of the site icon (SVG, PNG or ICO).',
    default: '',
    rule: anyText('url'),
  }),
  defineSetting({
    key: 'partner_name',
    category: 'site',
    group: 'site',
    label: 'Partner Name',
    description:
      'The claims management company that receives the leads, named beside the consent box and in each lead’s consent record.',
    default: null,
    rule: anyText(),
    seed: {
      category: 'leads',
      description:
        'Claims management company that receives leads (name and FCA number), shown beside the consent box',
    },
  }),
  defineSetting({
    key: 'robots_txt',
    category: 'site',
    group: 'site',
    label: 'robots.txt',
    description: `Tells search engines what they may crawl, served at /robots.txt. The default blocks every crawler: "${DEFAULT_ROBOTS_TXT.replace('\n', ' / ')}". Allow crawling before launch with "User-agent: * / Allow: /".`,
    default: DEFAULT_ROBOTS_TXT,
    rule: anyText('code'),
    seed: { category: 'seo', description: 'Contents of /robots.txt' },
  }),

  // The compliance card (docs/decisions/0015-compliance-settings.md).
  defineSetting({
    key: 'questionnaire_reference_amount',
    category: 'compliance',
    group: 'publishing',
    label: 'Reference amount for estimates (£)',
    description: `A version with any estimate above this can only be published with an evidence note saying why the figure is fair. ${poundsHint(DEFAULT_QUESTIONNAIRE_REFERENCE_AMOUNT)} (the FCA’s estimate of the average award under its redress scheme).`,
    default: DEFAULT_QUESTIONNAIRE_REFERENCE_AMOUNT,
    rule: wholeNumber('The reference amount', 1, 1_000_000, 'pounds'),
  }),
  defineSetting({
    key: complianceKeys.freeRouteStatement,
    category: 'compliance',
    group: 'statements',
    label: 'Free-route statement',
    description:
      'That people can complain to their lender and the Financial Ombudsman Service, or use the FCA’s redress scheme, without paying a fee. Leave empty for the default wording.',
    default: d.freeRouteStatement,
    rule: { schema: text('The free-route statement', 20, 600), input: 'multiline' },
  }),
  defineSetting({
    key: complianceKeys.feePercentage,
    category: 'compliance',
    group: 'statements',
    label: 'Fee percentage (%)',
    description: `The most the claims management company charges, as a percentage of the compensation including VAT: 0 to 100. Default ${d.feePercentage}.`,
    default: d.feePercentage,
    rule: {
      schema: z
        .string()
        .trim()
        .regex(/^\d{1,3}(\.\d{1,2})?$/, 'The fee percentage must be a number from 0 to 100, e.g. 30')
        .transform(Number)
        .refine((n) => n <= 100, 'The fee percentage must be a number from 0 to 100, e.g. 30'),
      input: 'decimal',
    },
  }),
  defineSetting({
    key: complianceKeys.feeCap,
    category: 'compliance',
    group: 'statements',
    label: 'Fee cap (£)',
    description: `The most it charges in pounds, whatever the award. ${poundsHint(d.feeCap)}`,
    default: d.feeCap,
    rule: pounds('The fee cap'),
  }),
  defineSetting({
    key: complianceKeys.firmName,
    category: 'compliance',
    group: 'firm',
    label: 'Firm name',
    description: 'The registered company name.',
    default: d.firmName,
    rule: singleLine('The firm name', 120),
  }),
  defineSetting({
    key: complianceKeys.companyNumber,
    category: 'compliance',
    group: 'firm',
    label: 'Company number',
    description: 'The Companies House number: 8 digits, or 2 letters and 6 digits (e.g. SC123456).',
    default: d.companyNumber,
    // Companies House: 8 digits, or 2 letters (SC, NI, OC…) and 6 digits.
    rule: pattern(
      /^(?:\d{8}|[A-Z]{2}\d{6})$/,
      'The company number must be 8 digits, or 2 letters and 6 digits, e.g. 12345678 or SC123456',
      'text',
      true,
    ),
  }),
  defineSetting({
    key: complianceKeys.icoNumber,
    category: 'compliance',
    group: 'firm',
    label: 'ICO registration number',
    description: 'The entry in the ICO’s data protection register, e.g. ZA123456.',
    default: d.icoNumber,
    // The ICO's data protection register: Z and 7 characters, e.g. ZA123456 or Z1234567.
    rule: pattern(
      /^Z[A-Z0-9]\d{6}$/,
      'The ICO registration number must look like ZA123456 or Z1234567',
      'text',
      true,
    ),
  }),
  defineSetting({
    key: complianceKeys.fcaStatus,
    category: 'compliance',
    group: 'firm',
    label: 'FCA status',
    description:
      'How the FCA regulates the firm, e.g. “Authorised and regulated by the Financial Conduct Authority”. A firm without an FCA number says how it is placed here.',
    default: d.fcaStatus,
    rule: singleLine('The FCA status', 200),
    wide: true,
  }),
  defineSetting({
    key: complianceKeys.fcaNumber,
    category: 'compliance',
    group: 'firm',
    label: 'FCA reference number',
    description: 'The firm’s FCA Firm Reference Number: 6 or 7 digits. Leave empty if it has none.',
    default: d.fcaNumber,
    rule: pattern(/^\d{6,7}$/, 'The FCA reference number must be 6 or 7 digits', 'numeric'),
  }),
  defineSetting({
    key: complianceKeys.firmAddress,
    category: 'compliance',
    group: 'firm',
    label: 'Firm address',
    description: 'The registered office, on one line, e.g. 1 High Street, Leeds LS1 1AA.',
    default: d.firmAddress,
    rule: singleLine('The firm address', 200),
    wide: true,
  }),
  // Estimates and date-band labels live in questionnaire versions now (ADR 0026); the settings
  // only seed version 1 and are not on the settings screen.
  ...loanBands.map((band) =>
    defineSetting({
      key: estimateKeys[band],
      category: 'compliance',
      label: `Estimate for ${loanBandLabel(band)}`,
      description: `The estimate shown for a loan of ${loanBandLabel(band)}. ${poundsHint(d.estimates[band])}`,
      default: d.estimates[band],
      rule: pounds(`The estimate for ${loanBandLabel(band)}`),
    }),
  ),
  defineSetting({
    key: complianceKeys.fallbackEstimate,
    category: 'compliance',
    label: 'Estimate for an unrecognised band',
    description: `The estimate shown when the loan band is not recognised. ${poundsHint(d.fallbackEstimate)}`,
    default: d.fallbackEstimate,
    rule: pounds('The estimate for an unrecognised band'),
  }),
  ...dateBands.map((band) =>
    defineSetting({
      key: dateBandKeys[band],
      category: 'compliance',
      label: `Label of the ${band} band`,
      description: `How the ${band} date band is worded.`,
      default: d.dateBandLabels[band],
      rule: singleLine(`The label of the ${band} band`, 40),
    }),
  ),

  // The site facts card (docs/decisions/0076-site-facts.md); core/site-facts.ts lists every fact.
  defineSetting({
    key: 'fca_average_award',
    category: 'facts',
    label: 'FCA average award (£)',
    description: `The FCA’s estimate of the average compensation per agreement under its redress scheme. ${poundsHint(FCA_AVERAGE_AWARD.amount)}`,
    default: FCA_AVERAGE_AWARD.amount,
    rule: pounds('The FCA average award'),
  }),
  defineSetting({
    key: 'fca_average_date',
    category: 'facts',
    label: 'Date of the FCA average',
    description: 'When the FCA published that figure, e.g. March 2026 (PS26/3).',
    default: FCA_AVERAGE_AWARD.date.slice(0, 7),
    rule: month('The date of the FCA average'),
  }),
  defineSetting({
    key: 'scheme_status',
    category: 'facts',
    label: 'Redress scheme status',
    description:
      'Where the FCA’s redress scheme stands, in a sentence or two. Empty it to hide every block shown only while it is set.',
    // Empty is a real state here (blocks hide), so the wording is seeded rather than a default.
    default: null,
    rule: { schema: text('The scheme status', 1, 600), input: 'multiline' },
    seed: {
      category: 'facts',
      description: 'Where the FCA redress scheme stands (a site fact)',
      value: DEFAULT_SCHEME_STATUS,
    },
  }),

  // The leads card.
  defineSetting({
    key: 'duplicate_window_days',
    category: 'leads',
    group: 'leads',
    label: 'Duplicate window (days)',
    description: `A lead whose phone or email matches one received within this many days is counted as a duplicate (0 turns this off). Default ${DEFAULT_DUPLICATE_WINDOW_DAYS}.`,
    default: DEFAULT_DUPLICATE_WINDOW_DAYS,
    rule: wholeNumber('The duplicate window', 0, 3650, 'days'),
  }),
  defineSetting({
    key: 'retention_years',
    category: 'leads',
    group: 'leads',
    label: 'Retention period (years)',
    description: `Leads and consent records older than this are deleted daily. Default ${DEFAULT_RETENTION_YEARS}, as the privacy policy says.`,
    default: DEFAULT_RETENTION_YEARS,
    // A refused or blank value keeps the default: "0" must never mean "delete every lead".
    rule: wholeNumber('The retention period', MIN_RETENTION_YEARS, MAX_RETENTION_YEARS, 'years'),
  }),
  defineSetting({
    key: 'lead_notification_email',
    category: 'leads',
    group: 'leads',
    label: 'New lead e-mail',
    description: 'An e-mail with a link to each new lead goes to this address. Leave empty for none.',
    default: null,
    rule: {
      schema: z
        .string()
        .trim()
        .max(254, 'The notification e-mail must be at most 254 characters')
        .pipe(z.email({ error: 'The notification e-mail must be a valid e-mail address' })),
      input: 'email',
    },
    wide: true,
  }),
  defineSetting({
    key: 'consent_version_max_age_hours',
    category: 'leads',
    label: 'How long replaced consent wording is accepted (hours)',
    description: `A form showing consent wording replaced longer ago than this is refused (0: always). Default ${DEFAULT_CONSENT_VERSION_MAX_AGE_HOURS}.`,
    default: DEFAULT_CONSENT_VERSION_MAX_AGE_HOURS,
    rule: wholeNumber('How long replaced consent wording is accepted', 0, 720, 'hours'),
  }),

  defineSetting({
    key: 'analytics_hourly_retention_days',
    category: 'analytics',
    label: 'Hourly analytics retention (days)',
    description: `How many days of hourly analytics rollups are kept; daily ones are kept for ever. Default ${DEFAULT_ANALYTICS_HOURLY_RETENTION_DAYS}.`,
    default: DEFAULT_ANALYTICS_HOURLY_RETENTION_DAYS,
    rule: wholeNumber('The hourly analytics retention', 1, 3650, 'days'),
  }),
  // Four-eyes publishing (docs/decisions/0079-four-eyes-and-scheduled-publishing.md).
  defineSetting({
    key: 'publish_approval_required',
    category: 'pages',
    label: 'Publishing needs a second admin',
    description:
      'When on, every page publish needs another admin’s approval; pages the compliance review flags always do. "true" or "false". Default off.',
    default: false,
    rule: {
      schema: z
        .string()
        .trim()
        .toLowerCase()
        .refine((v) => v === 'true' || v === 'false', 'Publishing approval must be true or false')
        .transform((v) => v === 'true'),
      input: 'text',
    },
  }),
  defineSetting({
    key: 'thank-you',
    category: 'page',
    label: 'Thank-you page',
    description: 'Title and meta description of the thank-you page (JSON)',
    default: JSON.stringify({
      title: `Thank You – Your Enquiry Has Been Received | ${site.name}`,
      metaDescription:
        'Thank you for your enquiry. A specialist from a regulated claims management company will contact you within 24 hours.',
    }),
    rule: anyText(),
    seed: { category: 'page', description: 'Title and meta description of the thank-you page (JSON)' },
  }),
]
