import { ArrowLeft, LogOut, ShieldCheck } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import type { CertificateVerdict } from '../../../core/schemas/consent-certificates.ts'
import { Button, buttonClasses } from '../../components/ui/button.tsx'
import { ScreenHeader } from '../../components/ui/screen-header.tsx'
import { pounds, ReturnState, when } from './buyer-portal.tsx'
import type { PortalLeadDetail } from './portal-data.server.ts'

const outcomes: Record<string, string> = {
  eligible: 'Eligible',
  not_eligible: 'Not eligible',
  guidance: 'Guidance given',
}

const reasons: Record<string, string> = {
  malformed: 'the certificate is damaged or incomplete',
  unsupported_algorithm: 'it is not signed the way this site signs',
  unknown_key: 'it was not signed with any key this site publishes',
  bad_signature: 'its signature does not match: it was altered or not issued by this site',
  erased: 'the person asked for their data to be erased',
  returned_no_consent: 'a return for “no consent” was approved',
}

type Buyer = { name: string; fcaNumber: string; email: string }

/** One of the buyer's leads: the person, the answers and outcome, the consent and its certificate, the return. */
export function BuyerLeadDetail({ buyer, lead }: { buyer: Buyer; lead: PortalLeadDetail }) {
  const name = lead.person ? `${lead.person.firstName} ${lead.person.lastName}` : 'Returned lead'
  return (
    <div className="min-h-screen bg-slate-100">
      <ScreenHeader title={name} width="5xl" subtitle={`${buyer.name} · signed in as ${buyer.email}`}>
        <div className="flex flex-wrap gap-2">
          <a href="/buyer" className={buttonClasses('secondary', 'sm')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            All leads
          </a>
          <a href="/api/logout" className={buttonClasses('secondary', 'sm')}>
            <LogOut className="size-4" aria-hidden="true" />
            Sign out
          </a>
        </div>
      </ScreenHeader>
      <main className="mx-auto grid max-w-5xl gap-4 px-4 py-6">
        <Section title="Return">
          <ReturnState lead={lead} name={name} />
          {lead.return?.note ? (
            <p className="mt-2 text-slate-700 text-sm">
              Your note: <span className="break-words">{lead.return.note}</span>
            </p>
          ) : null}
        </Section>
        <Section title="Sale">
          <Facts
            rows={[
              [
                'Reference',
                <span key="reference" className="break-all font-mono text-xs">
                  {lead.reference}
                </span>,
              ],
              ['Accepted', when.format(new Date(lead.acceptedAt))],
              ['Contract', lead.contractName],
              ['Price', pounds.format(lead.pricePence / 100)],
              ['Returnable until', when.format(new Date(lead.returnableUntil))],
            ]}
          />
        </Section>
        {lead.person ? (
          <>
            <Section title="Contact">
              <Facts
                rows={[
                  ['Name', name],
                  [
                    'Phone',
                    <a
                      key="phone"
                      className="text-teal-800 underline"
                      href={`tel:${lead.person.phone.replace(/\s/g, '')}`}
                    >
                      {lead.person.phone}
                    </a>,
                  ],
                  ['Phone type', lead.person.phoneType ?? '—'],
                  [
                    'Email',
                    <a
                      key="email"
                      className="break-all text-teal-800 underline"
                      href={`mailto:${lead.person.email}`}
                    >
                      {lead.person.email}
                    </a>,
                  ],
                ]}
              />
            </Section>
            <Section title="Answers and outcome">
              <Facts
                rows={[
                  ...(lead.answerList ?? []).map((a): [string, ReactNode] => [a.question, a.label]),
                  ['Outcome', lead.outcome ? (outcomes[lead.outcome] ?? lead.outcome) : '—'],
                  [
                    'Estimate',
                    lead.estimatedClaim === null
                      ? '—'
                      : pounds.format(lead.estimatedClaim).replace(/\.00$/, ''),
                  ],
                ]}
              />
              {lead.questionnaire ? (
                <p className="mt-2 text-slate-600 text-xs">
                  Questionnaire “{lead.questionnaire.name}”, version {lead.questionnaire.version}
                </p>
              ) : null}
            </Section>
          </>
        ) : (
          <Section title="Personal data">
            <p className="text-slate-700">
              This lead was returned: its personal data, answers and consent evidence are no longer shown.
            </p>
          </Section>
        )}
        {lead.consent ? (
          <Section title="Consent">
            <p className="text-slate-600 text-sm">
              Given {when.format(new Date(lead.consent.consentedAt))}
              {lead.consent.version ? ` · wording version ${lead.consent.version.slice(0, 12)}` : ''}
            </p>
            <blockquote className="mt-2 break-words border-teal-600 border-l-4 bg-slate-50 p-3 text-slate-800">
              {lead.consent.text ?? 'No wording was recorded.'}
            </blockquote>
            <h3 className="mt-4 font-semibold text-navy-900">Firms the consent named</h3>
            {lead.consent.firms.length ? (
              <ul className="mt-1 list-disc pl-5 text-slate-800">
                {lead.consent.firms.map((f) => (
                  <li key={`${f.name}-${f.fcaNumber}`}>
                    {f.name}
                    {f.legalName && f.legalName !== f.name ? ` (${f.legalName})` : ''}
                    {f.fcaNumber ? ` · FCA ${f.fcaNumber}` : ''}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-slate-700">None recorded.</p>
            )}
            <Certificate certificate={lead.consent.certificate} fcaNumber={buyer.fcaNumber} />
          </Section>
        ) : null}
      </main>
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={id} className="mb-3 font-bold text-lg text-navy-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[minmax(0,14rem)_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-600 text-sm">{term}</dt>
          <dd className="mb-2 min-w-0 break-words text-slate-900 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

type Check =
  | { state: 'idle' | 'pending' }
  | { state: 'done'; verdict: CertificateVerdict }
  | { state: 'failed'; message: string }

/** The signed certificate, and a check of it against the public verify endpoint any firm can call. */
function Certificate({ certificate, fcaNumber }: { certificate: string | null; fcaNumber: string }) {
  const [check, setCheck] = useState<Check>({ state: 'idle' })
  if (!certificate) {
    return (
      <p className="mt-4 text-slate-700">
        This lead has no consent certificate (it was taken before they were issued).
      </p>
    )
  }
  const ownNumber = /^\d{6,7}$/.test(fcaNumber) ? fcaNumber : undefined
  const verify = async () => {
    setCheck({ state: 'pending' })
    try {
      const response = await fetch('/api/consent-certificates/verify', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ certificate, ...(ownNumber ? { fcaNumber: ownNumber } : {}) }),
      })
      const body = (await response.json().catch(() => null)) as
        | (CertificateVerdict & { message?: string })
        | null
      if (!response.ok || !body) {
        setCheck({
          state: 'failed',
          message: body?.message ?? `The check failed (${response.status}). Try again.`,
        })
        return
      }
      setCheck({ state: 'done', verdict: body })
    } catch {
      setCheck({ state: 'failed', message: 'The check failed: check your connection and try again.' })
    }
  }
  return (
    <div className="mt-4 grid gap-3">
      <h3 className="font-semibold text-navy-900">Consent certificate</h3>
      <p className="text-slate-600 text-sm">
        A signed record (compact JWS) of the wording, the firms and the answers, checkable by anyone against
        this site’s published keys (
        <a className="text-teal-800 underline" href="/.well-known/jwks.json">
          /.well-known/jwks.json
        </a>
        ).
      </p>
      <label htmlFor="consent-certificate" className="sr-only">
        Consent certificate
      </label>
      <textarea
        id="consent-certificate"
        readOnly
        rows={4}
        value={certificate}
        className="w-full break-all rounded-lg border border-slate-300 bg-slate-50 p-2 font-mono text-slate-800 text-xs"
      />
      <div>
        <Button
          variant="secondary"
          onClick={verify}
          disabled={check.state === 'pending'}
          aria-busy={check.state === 'pending'}
        >
          <ShieldCheck className="size-4" aria-hidden="true" />
          {check.state === 'pending' ? 'Verifying...' : 'Verify certificate'}
        </Button>
      </div>
      <div role="status" aria-live="polite" data-testid="certificate-verdict">
        {check.state === 'done' ? <Verdict verdict={check.verdict} fcaNumber={ownNumber} /> : null}
        {check.state === 'failed' ? <p className="text-red-800">{check.message}</p> : null}
      </div>
    </div>
  )
}

function Verdict({ verdict, fcaNumber }: { verdict: CertificateVerdict; fcaNumber: string | undefined }) {
  if (!verdict.valid) {
    return (
      <p className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
        Not valid: {reasons[verdict.reason ?? ''] ?? 'the certificate could not be checked'}.
      </p>
    )
  }
  return (
    <ul
      className={`grid gap-1 rounded-lg border p-3 ${verdict.revoked ? 'border-red-200 bg-red-50 text-red-900' : 'border-teal-200 bg-teal-50 text-teal-950'}`}
    >
      <li>
        Valid: signed by this site and unaltered
        {verdict.issuedAt ? `, issued ${when.format(new Date(verdict.issuedAt))}` : ''}.
      </li>
      <li>
        {verdict.revoked
          ? `Revoked: ${reasons[verdict.reason ?? ''] ?? 'consent no longer stands'}.`
          : 'Not revoked: the consent still stands.'}
      </li>
      {fcaNumber && verdict.named !== undefined ? (
        <li>
          {verdict.named
            ? `Your firm (FCA ${fcaNumber}) is named in the consent.`
            : `Your firm (FCA ${fcaNumber}) is not named in the consent.`}
        </li>
      ) : null}
    </ul>
  )
}
