import { useQuery } from '@tanstack/react-query'
import { attributionKeys } from '../../../../core/attribution.ts'
import type {
  ConsentEvidence,
  LeadAnswersView,
  LeadDetail,
  LeadSubmissionView,
} from '../../../../core/schemas/leads.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { LeadConversions } from '../conversions/conversion-events.tsx'
import { formatDateTime } from '../format.ts'
import { LoadError } from '../load-error.tsx'
import { LeadDeliveries } from './lead-deliveries.tsx'
import { LeadRouting } from './lead-routing.tsx'

const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 })
const outcomes = { eligible: 'Eligible', not_eligible: 'Not eligible', guidance: 'Guidance given' } as const

function resultOf(answered: LeadAnswersView): string {
  if (!answered.outcome) return 'No questionnaire answers'
  const estimate = answered.outcome === 'eligible' ? `, ${money.format(answered.estimatedClaim ?? 0)}` : ''
  return `${outcomes[answered.outcome]}${estimate}`
}

/** The version answered and each answer as question → option, in the words the visitor saw. */
function QuestionnaireAnswers({ answered }: { answered: LeadAnswersView }) {
  if (!answered.questionnaire)
    return <p className="text-slate-600 text-sm">No questionnaire answers were sent with this lead.</p>
  return (
    <dl>
      <Row label="Questionnaire">{`${answered.questionnaire.name} (version ${answered.questionnaire.version})`}</Row>
      {answered.answers.map((a) => (
        <Row key={a.questionId} label={a.question}>
          {a.label}
        </Row>
      ))}
      <Row label="Result">{resultOf(answered)}</Row>
    </dl>
  )
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-slate-100 border-b py-2 sm:grid-cols-3">
      <dt className="font-medium text-slate-700 text-sm">{label}</dt>
      <dd className="break-words text-slate-900 text-sm sm:col-span-2">{children}</dd>
    </div>
  )
}

/** Every stored field of one lead; React escapes each value, so lead text can never be markup. */
export function LeadDetailDialog({ leadId, onClose }: { leadId: number | null; onClose: () => void }) {
  const { data, error, isLoading } = useQuery<LeadDetail | null>({
    queryKey: [`/api/admin/leads/${leadId}`],
    enabled: leadId !== null,
  })
  return (
    <Dialog
      open={leadId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={data ? `${data.firstName} ${data.lastName}` : 'Lead'}
      description={data ? `Received ${formatDateTime(data.createdAt)}` : undefined}
      className="max-w-2xl"
    >
      <LoadError error={error} />
      {isLoading ? <p role="status">Loading lead...</p> : null}
      {data ? <LeadSections data={data} /> : null}
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  )
}

const Mono = ({ children }: { children: string | null }) => (
  <span className="break-all font-mono text-xs">{children || '—'}</span>
)

/** The consent evidence of a lead or a later submission: the version shown, its firms, the signed certificate. */
function ConsentRows({ consent: c }: { consent: ConsentEvidence }) {
  return (
    <>
      <Row label="Consented">{c.given ? 'Yes' : 'No'}</Row>
      <Row label="Wording shown">{c.text || '—'}</Row>
      <Row label="Consent version">
        <Mono>{c.version}</Mono>
      </Row>
      <Row label="Wording SHA-256">
        <Mono>{c.sha256}</Mono>
      </Row>
      <Row label="Privacy policy version">{c.privacyVersion || '—'}</Row>
      <Row label={c.buyers.length > 1 ? 'Firms named' : 'Firm named'}>
        {c.buyers.length > 0 ? (
          <ul>
            {c.buyers.map((b) => (
              <li key={b.id}>
                {b.legalName ?? b.name}
                {b.tradingName ? ` trading as ${b.tradingName}` : ''}
                {b.fcaNumber ? <span className="text-slate-600"> · FCA {b.fcaNumber}</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          c.partnerName || 'Not named (no partner set)'
        )}
      </Row>
      <Row label="Time">{formatDateTime(c.at)}</Row>
      <Row label="Page">{c.pageUrl || '—'}</Row>
      <Row label="Page revision">
        <Mono>{c.pageRevision}</Mono>
      </Row>
      <Row label="Browser">{c.userAgent || '—'}</Row>
      <Row label="IP address">{c.ipAddress || '—'}</Row>
      <Row label="Signed certificate">
        {c.certificate ? (
          <details>
            <summary className="cursor-pointer text-teal-800 underline">
              Show the certificate (verifiable against /.well-known/jwks.json)
            </summary>
            <Mono>{c.certificate}</Mono>
          </details>
        ) : (
          'None (taken before certificates)'
        )}
      </Row>
    </>
  )
}

function LeadSections({ data }: { data: LeadDetail }) {
  const c = data.consent
  return (
    <div className="grid gap-4">
      <section aria-label="Contact">
        <h3 className="font-semibold text-navy-900">Contact</h3>
        <dl>
          <Row label="Email">
            <a className="text-teal-800 underline" href={`mailto:${data.email}`}>
              {data.email}
            </a>
          </Row>
          <Row label="Phone">
            <a
              className="text-teal-800 underline"
              href={`tel:${data.phoneE164 ?? data.phone.replace(/[^\d+]/g, '')}`}
            >
              {data.phoneE164 ?? data.phone}
            </a>
            {data.phoneType ? <span className="ml-2 text-slate-600">({data.phoneType})</span> : null}
            {data.phoneE164 && data.phoneE164 !== data.phone ? (
              <span className="block text-slate-600">As typed: {data.phone}</span>
            ) : null}
          </Row>
          <Row label="Car details">{data.carDetails || '—'}</Row>
        </dl>
      </section>
      <section aria-label="Questionnaire">
        <h3 className="font-semibold text-navy-900">Questionnaire</h3>
        <QuestionnaireAnswers answered={data} />
      </section>
      <section aria-label="Consent evidence">
        <h3 className="font-semibold text-navy-900">Consent evidence</h3>
        <p className="text-slate-600 text-xs">
          What the person agreed to, when and where: the record a buyer checks before calling.
        </p>
        <dl>
          <ConsentRows consent={c} />
          {data.constantsVersion ? <Row label="Questionnaire version">{data.constantsVersion}</Row> : null}
        </dl>
      </section>
      <section aria-label="Attribution">
        <h3 className="font-semibold text-navy-900">Attribution</h3>
        {Object.keys(data.attribution).length ? (
          <dl>
            {attributionKeys.map((key) =>
              data.attribution[key] ? (
                <Row key={key} label={key}>
                  {data.attribution[key]}
                </Row>
              ) : null,
            )}
          </dl>
        ) : (
          <p className="text-slate-600 text-sm">No campaign or referrer was recorded for this lead.</p>
        )}
        {data.variant ? (
          <dl>
            <Row label="Experiment variant">{data.variant}</Row>
          </dl>
        ) : null}
      </section>
      <LeadRouting leadId={data.id} />
      <LeadDeliveries leadId={data.id} />
      <LeadConversions leadId={data.id} />
      <LaterSubmissions submissions={data.submissions ?? []} />
    </div>
  )
}

const deliveryStatus = { delivered: 'delivered', pending: 'waiting to be sent', failed: 'failed' } as const

function deliverySummary(s: LeadSubmissionView) {
  if (s.deliveries.length === 0) return 'Not sent to a buyer: kept with this lead.'
  return s.deliveries.map((d) => `${d.webhookName}: ${deliveryStatus[d.status]}`).join('; ')
}

/**
 * Each later post by the same person (same email or phone within the duplicate window) with its
 * own details and consent evidence: the lead above is never changed by them.
 */
function LaterSubmissions({ submissions }: { submissions: LeadSubmissionView[] }) {
  return (
    <section aria-labelledby="later-submissions">
      <h3 id="later-submissions" className="font-semibold text-navy-900">
        Later submissions
      </h3>
      {submissions.length === 0 ? (
        <p className="text-slate-600 text-sm">The same person has not sent the form again.</p>
      ) : (
        <ol className="mt-2 grid gap-3">
          {submissions.map((s, i) => (
            <li key={s.id} className="rounded-lg border border-slate-200 p-3">
              <h4 className="font-medium text-slate-900 text-sm">
                {`${i + 1}. ${s.firstName} ${s.lastName}, ${formatDateTime(s.createdAt)}`}
              </h4>
              <dl>
                <Row label="Email">{s.email}</Row>
                <Row label="Phone">
                  {s.phoneE164 ?? s.phone}
                  {s.phoneE164 && s.phoneE164 !== s.phone ? (
                    <span className="block text-slate-600">As typed: {s.phone}</span>
                  ) : null}
                </Row>
                <Row label="Car details">{s.carDetails || '—'}</Row>
                <Row label="Result">{resultOf(s)}</Row>
                {s.questionnaire ? (
                  <Row label="Answers">
                    <QuestionnaireAnswers answered={s} />
                  </Row>
                ) : null}
                <ConsentRows consent={s.consent} />
                {attributionKeys.map((key) =>
                  s.attribution[key] ? (
                    <Row key={key} label={key}>
                      {s.attribution[key]}
                    </Row>
                  ) : null,
                )}
                <Row label="Delivery">{deliverySummary(s)}</Row>
              </dl>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
