import { useRouteLoaderData } from 'react-router'
import {
  DEFAULT_COMPLIANCE,
  type FooterCompliance,
  operatorDetails,
} from '../../../core/compliance-statements.ts'
import { site } from '../../../core/site.ts'
import { CookiePreferencesButton } from '../cookie-consent/cookie-preferences-button.tsx'

const linkClass = 'rounded underline-offset-2 hover:underline text-slate-200 hover:text-white'

export function SiteFooter() {
  // The root loader reads these from the settings; the defaults cover a page rendered without it.
  const compliance = useRouteLoaderData<{ footer?: FooterCompliance }>('root')?.footer ?? DEFAULT_COMPLIANCE
  const operator = operatorDetails(compliance)
  return (
    <footer className="bg-navy-900 text-slate-300">
      <div className="mx-auto max-w-6xl px-4 py-10">
        <nav aria-label="Footer" className="flex flex-wrap items-center gap-x-6 gap-y-3 text-sm">
          <a className={linkClass} href="/">
            Home
          </a>
          <a className={linkClass} href="/privacy-policy">
            Privacy Policy
          </a>
          <a className={linkClass} href="/evidence">
            Evidence
          </a>
          <a className={linkClass} href="/cookie-policy">
            Cookie Policy
          </a>
          <a className={linkClass} href="/complaints">
            Complaints
          </a>
          <CookiePreferencesButton className={`${linkClass} cursor-pointer underline`}>
            Cookie Preferences
          </CookiePreferencesButton>
        </nav>
        <div className="mt-8 max-w-3xl space-y-3 text-slate-300 text-sm leading-relaxed">
          <p>
            {site.name} is a lead generation service. We are not a claims management company and we do not
            process claims. With your consent we pass your details to a claims management company authorised
            and regulated by the Financial Conduct Authority, which may pay us for successful referrals.
          </p>
          <p>{compliance.freeRouteStatement}</p>
          {operator.length > 0 ? (
            <address data-testid="footer-operator" className="not-italic">
              {operator.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          ) : null}
          <p>
            © {new Date().getFullYear()} {compliance.firmName || site.companyName}. Contact:{' '}
            <a className={`${linkClass} underline`} href={`mailto:${site.contactEmail}`}>
              {site.contactEmail}
            </a>
          </p>
        </div>
      </div>
    </footer>
  )
}
