import type { Kysely } from 'kysely'
import type { BuyerLeadDetail, BuyerLeadView } from '../../../core/schemas/buyer-access.ts'
import type { ReturnReason, ReturnStatus } from '../../../core/schemas/buyers.ts'
import { questionnaireOf, versionsById } from '../../leads/index.ts'
import type { DB } from '../../platform/index.ts'
import { returnableUntil, toReturnView } from '../returns/returns.server.ts'

/**
 * A buyer's accepted leads, newest first, with what it needs to work them and its return. A lead
 * erased since (the person asked) keeps its sale row without the lead: it shows as erased, with
 * no personal data. A lead whose return was approved shows its reference, dates, price and the
 * return only: the buyer gave it back (docs/decisions/0049-sale-terms-fixed-at-sale.md).
 */

export type BuyerLeadFilter = { buyerId: number; since?: Date }

function baseQuery(db: Kysely<DB>, { buyerId, since }: BuyerLeadFilter) {
  let query = db
    .selectFrom('sale')
    .where('sale.buyerId', '=', buyerId)
    .where('sale.status', '=', 'accepted')
    .where('sale.acceptedAt', 'is not', null)
  if (since) query = query.where('sale.acceptedAt', '>=', since)
  return query
}

export async function countBuyerLeads(db: Kysely<DB>, filter: BuyerLeadFilter): Promise<number> {
  const row = await baseQuery(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

function leadRows(db: Kysely<DB>, filter: BuyerLeadFilter) {
  return baseQuery(db, filter)
    .innerJoin('contract', 'contract.id', 'sale.contractId')
    .leftJoin('lead', 'lead.id', 'sale.leadId')
    .leftJoin('leadReturn', 'leadReturn.saleId', 'sale.id')
    .select([
      'sale.id as saleId',
      'sale.leadId',
      'sale.acceptedAt',
      'sale.pricePence',
      'sale.utmSource',
      'sale.utmCampaign',
      'contract.name as contractName',
      'sale.returnWindowDays',
      'lead.reference',
      'lead.firstName',
      'lead.lastName',
      'lead.email',
      'lead.phone',
      'lead.phoneType',
      'lead.answers',
      'lead.outcome',
      'lead.consentText',
      'lead.createdAt as consentedAt',
      'leadReturn.id as returnId',
      'leadReturn.status as returnStatus',
      'leadReturn.reason as returnReason',
      'leadReturn.note as returnNote',
      'leadReturn.createdAt as returnCreatedAt',
      'leadReturn.decidedAt as returnDecidedAt',
      'leadReturn.decisionNote as returnDecisionNote',
    ])
}

type LeadRow = Awaited<ReturnType<ReturnType<typeof leadRows>['execute']>>[number]

function toBuyerLeadView(row: LeadRow): BuyerLeadView {
  const acceptedAt = row.acceptedAt as Date
  const present = row.leadId !== null && row.reference !== null
  const returned = row.returnStatus === 'approved'
  // The person's data, for a lead the buyer still holds.
  const shown = present && !returned
  return {
    saleId: row.saleId,
    reference: present ? row.reference : null,
    erased: !present,
    returned,
    acceptedAt: new Date(acceptedAt).toISOString(),
    contractName: row.contractName,
    pricePence: row.pricePence,
    person: shown
      ? {
          firstName: row.firstName as string,
          lastName: row.lastName as string,
          email: row.email as string,
          phone: row.phone as string,
          phoneType: row.phoneType,
        }
      : null,
    answers: shown ? (row.answers ?? null) : null,
    outcome: shown ? row.outcome : null,
    utmSource: returned ? null : row.utmSource,
    utmCampaign: returned ? null : row.utmCampaign,
    consent:
      shown && row.consentedAt
        ? { text: row.consentText, consentedAt: new Date(row.consentedAt).toISOString() }
        : null,
    return:
      row.returnId === null
        ? null
        : toReturnView({
            id: row.returnId,
            status: row.returnStatus as ReturnStatus,
            reason: row.returnReason as ReturnReason,
            note: row.returnNote,
            createdAt: row.returnCreatedAt as Date,
            decidedAt: row.returnDecidedAt,
            decisionNote: row.returnDecisionNote,
          }),
    returnableUntil: returnableUntil(acceptedAt, row.returnWindowDays).toISOString(),
  }
}

export async function buyerLeads(
  db: Kysely<DB>,
  filter: BuyerLeadFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<BuyerLeadView[]> {
  const rows = await leadRows(db, filter)
    .orderBy('sale.acceptedAt', 'desc')
    .orderBy('sale.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
  return rows.map(toBuyerLeadView)
}

/**
 * One lead the buyer accepted, by its reference, with what the list leaves out: the answers with
 * the questions shown, the estimate, the consent's version, firms and signed certificate.
 * Undefined when this buyer accepted no lead with this reference (another buyer's lead included).
 * Withheld like the list once the return was approved (docs/decisions/0060-buyer-portal-and-invites.md).
 */
export async function buyerLead(
  db: Kysely<DB>,
  buyerId: number,
  reference: string,
): Promise<BuyerLeadDetail | undefined> {
  const row = await leadRows(db, { buyerId })
    .where('lead.reference', '=', reference)
    .select([
      'lead.estimatedClaim',
      'lead.questionnaireVersionId',
      'lead.consentVersion',
      'lead.consentBuyers',
      'lead.consentCertificate',
    ])
    .orderBy('sale.acceptedAt', 'desc')
    .orderBy('sale.id', 'desc')
    .executeTakeFirst()
  if (!row) return undefined
  const view = toBuyerLeadView(row)
  const shown = view.person !== null
  const versions = shown ? await versionsById(db, [row.questionnaireVersionId]) : new Map()
  const { questionnaire, answers } = questionnaireOf(versions, {
    questionnaireVersionId: row.questionnaireVersionId,
    answers: row.answers,
  })
  return {
    ...view,
    questionnaire: shown ? questionnaire : null,
    answerList: shown
      ? questionnaire
        ? answers
        : Object.entries(row.answers ?? {}).map(([questionId, value]) => ({
            questionId,
            question: questionId,
            value,
            label: value,
          }))
      : null,
    estimatedClaim: shown ? row.estimatedClaim : null,
    consent:
      shown && view.consent
        ? {
            ...view.consent,
            version: row.consentVersion,
            firms: (row.consentBuyers ?? []).map((f) => ({
              name: f.name,
              legalName: f.legalName ?? null,
              fcaNumber: f.fcaNumber ?? null,
            })),
            certificate: row.consentCertificate,
          }
        : null,
  }
}

/** Every lead of the filter, in batches, for the CSV: memory stays flat at any size. */
export async function* allBuyerLeads(db: Kysely<DB>, filter: BuyerLeadFilter, batch = 500) {
  for (let offset = 0; ; offset += batch) {
    const rows = await buyerLeads(db, filter, { limit: batch, offset })
    if (rows.length > 0) yield rows
    if (rows.length < batch) return
  }
}
