import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redressSchemeDefinition } from '../../core/questionnaire/redress-scheme-definition.ts'
import { specDefinition } from '../../core/questionnaire/spec-definition.ts'
import { seed } from '../../server/compose/index.ts'
import { RETIRED_GRACE_MS } from '../../server/leads/index.ts'
import { migrateToLatest, parseConfig } from '../../server/platform/index.ts'
import { type AdminClient, createSignedInAdmin } from '../support/admin-client.ts'
import { eligibleAnswers, insertLead, leadIdOf, leadPayload } from '../support/factories.ts'
import { created, ok } from '../support/http.ts'
import { createTestDatabase, startTestApp, type TestApp, testDialect } from '../support/test-app.ts'
import { type Receiver, startReceiver, waitUntil } from '../support/webhook-receiver.ts'

let seq = 0
/** A lead from a new person each time (unique email and phone). */
function person(overrides: Record<string, unknown> = {}) {
  seq += 1
  return leadPayload({
    email: `qleads${seq}.${Date.now()}@example.com`,
    phone: `07700 9${String(10000 + seq).slice(-5)}`,
    ...overrides,
  })
}

const schemeAnswers = {
  product: 'hp',
  agreementDate: '2014-04-to-2024-11',
  lender: 'santander',
  alreadyComplained: 'no',
}

describe(`leads answered against questionnaire versions on ${testDialect}`, () => {
  let app: TestApp
  let admin: AdminClient
  let receiver: Receiver
  let spec: { id: number; version: number }
  let scheme: { id: number; version: number }

  const db = () => app.database.db
  const post = (body: unknown) => app.postJson('/api/leads', body)
  const idOf = async (response: Response) =>
    leadIdOf(db(), ((await created(response)) as { reference: string }).reference)
  const refused = async (body: unknown) => {
    const response = await post(body)
    expect(response.status).toBe(400)
    return ((await response.json()) as { message: string }).message
  }
  // biome-ignore lint/suspicious/noExplicitAny: the test reads the detail's fields as it pleases
  const detail = async (id: number): Promise<any> => ok(await admin.get(`/api/admin/leads/${id}`))
  const versionRow = (version: number) =>
    db()
      .selectFrom('questionnaireVersion')
      .select(['id', 'version'])
      .where('version', '=', version)
      .executeTakeFirstOrThrow()

  /** Publishes a version as the admin API will: retire the live one, make this one live. */
  async function publish(id: number, retiredAt = new Date()) {
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('questionnaireVersion')
          .set({ status: 'retired', retiredAt })
          .where('status', '=', 'live')
          .execute()
        await trx
          .updateTable('questionnaireVersion')
          .set({ status: 'live', publishedAt: new Date(), retiredAt: null })
          .where('id', '=', id)
          .execute()
      })
    await app.services.site.changed()
  }

  beforeAll(async () => {
    const webhooks = { ...parseConfig({ NODE_ENV: 'test' }).webhooks, allowPrivate: true, pollMs: 50 }
    app = await startTestApp({ webhooks })
    admin = await createSignedInAdmin(app, { role: 'admin' })
    receiver = await startReceiver(() => 200)
    await created(
      await admin.post('/api/admin/webhooks', {
        name: 'Buyer',
        url: receiver.url,
        secret: 'qleads-secret-0123456789',
      }),
    )
    spec = await versionRow(1)
    scheme = await versionRow(2)
  })
  afterAll(async () => {
    await app?.close()
    await receiver?.close()
  })

  describe('while the SPEC set is live', () => {
    it('takes the SPEC answer names without questionnaireVersion, as before', async () => {
      const id = await idOf(await post(person({ answers: eligibleAnswers })))
      const lead = await detail(id)
      expect(lead.questionnaire).toEqual({ id: spec.id, version: 1, name: specDefinition.name })
      expect(lead.outcome).toBe('eligible')
      expect(lead.estimatedClaim).toBe(2500)
      expect(lead.eligibility).toMatchObject({ isEligible: true, estimatedClaim: 2500 })
      expect(lead.answers.map((a: { questionId: string }) => a.questionId)).toEqual([
        'hadPcpFinance',
        'purchaseDateRange',
        'loanAmount',
        'dealerDisclosedCommission',
      ])
      expect(lead.answers[2]).toEqual({
        questionId: 'loanAmount',
        question: 'Roughly how much did you borrow?',
        value: eligibleAnswers.loanAmount,
        label: specDefinition.questions[2]?.options.find((o) => o.value === eligibleAnswers.loanAmount)
          ?.label,
      })
    })

    it('computes the outcome on the server whatever the browser sends', async () => {
      const id = await idOf(
        await post(
          person({
            answers: { ...eligibleAnswers, dealerDisclosedCommission: 'yes' },
            isEligible: true,
            estimatedClaim: 999_999,
            outcome: 'eligible',
          }),
        ),
      )
      expect(await detail(id)).toMatchObject({
        outcome: 'not_eligible',
        estimatedClaim: 0,
        eligibility: { isEligible: false, estimatedClaim: 0 },
      })
    })

    it.each([
      ['an unknown question id', { answers: { ...eligibleAnswers, colour: 'red' } }, /^answers\.colour: /],
      [
        'an unknown value',
        { answers: { ...eligibleAnswers, loanAmount: 'lots' } },
        /^answers\.loanAmount: "lots" is not an option/,
      ],
      [
        'a visible question left unanswered',
        { answers: { hadPcpFinance: 'yes', purchaseDateRange: '2011-2014', loanAmount: '35000+' } },
        /^answers\.dealerDisclosedCommission: Please answer/,
      ],
      [
        'an unknown version',
        { answers: eligibleAnswers, questionnaireVersion: 99_999 },
        /^questionnaireVersion: /,
      ],
      [
        'a draft version',
        () => ({ answers: schemeAnswers, questionnaireVersion: scheme.id }),
        /^questionnaireVersion: /,
      ],
    ])('refuses %s with a 400 naming the field, and stores nothing', async (_name, extra, message) => {
      const before = await db()
        .selectFrom('lead')
        .select(db().fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
      const fields = typeof extra === 'function' ? extra() : extra
      expect(await refused(person(fields))).toMatch(message)
      const after = await db().selectFrom('lead').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()
      expect(Number(after.n)).toBe(Number(before.n))
    })
  })

  describe('after the scheme set is published', () => {
    let specLeadId: number

    beforeAll(async () => {
      specLeadId = await idOf(await post(person({ answers: eligibleAnswers, questionnaireVersion: spec.id })))
      await publish(scheme.id)
    })

    it('checks answers without questionnaireVersion against the live scheme set', async () => {
      expect(await refused(person({ answers: eligibleAnswers }))).toMatch(/^answers\.hadPcpFinance: /)
      const id = await idOf(await post(person({ answers: schemeAnswers })))
      const lead = await detail(id)
      expect(lead).toMatchObject({
        questionnaire: { id: scheme.id, version: 2, name: redressSchemeDefinition.name },
        outcome: 'eligible',
        estimatedClaim: 829,
        eligibility: null,
      })
      expect(lead.answers).toEqual(
        redressSchemeDefinition.questions.map((q) => ({
          questionId: q.id,
          question: q.title,
          value: schemeAnswers[q.id as keyof typeof schemeAnswers],
          label: q.options.find((o) => o.value === schemeAnswers[q.id as keyof typeof schemeAnswers])?.label,
        })),
      )
    })

    it('ignores an answer to a hidden question, and gives guidance without an estimate', async () => {
      const hidden = await idOf(
        await post(
          person({ answers: { product: 'lease', lender: 'honda' }, questionnaireVersion: scheme.id }),
        ),
      )
      const lead = await detail(hidden)
      expect(lead.outcome).toBe('not_eligible')
      expect(lead.answers.map((a: { questionId: string }) => a.questionId)).toEqual(['product'])
      const guided = await idOf(
        await post(person({ answers: { ...schemeAnswers, alreadyComplained: 'complained' } })),
      )
      expect(await detail(guided)).toMatchObject({ outcome: 'guidance', estimatedClaim: 0 })
    })

    it('still takes the SPEC version within the grace period, and refuses it after', async () => {
      const id = await idOf(await post(person({ answers: eligibleAnswers, questionnaireVersion: spec.id })))
      expect((await detail(id)).questionnaire).toMatchObject({ id: spec.id, version: 1 })
      await db()
        .updateTable('questionnaireVersion')
        .set({ retiredAt: new Date(Date.now() - RETIRED_GRACE_MS - 60_000) })
        .where('id', '=', spec.id)
        .execute()
      expect(await refused(person({ answers: eligibleAnswers, questionnaireVersion: spec.id }))).toMatch(
        /^questionnaireVersion: /,
      )
    })

    it('shows an older lead with the texts its visitor saw', async () => {
      const lead = await detail(specLeadId)
      expect(lead.questionnaire).toEqual({ id: spec.id, version: 1, name: specDefinition.name })
      expect(lead.answers[0]).toMatchObject({
        questionId: 'hadPcpFinance',
        question: specDefinition.questions[0]?.title,
        label: 'Yes',
      })
    })

    it('keeps a later submission with its own version and answers', async () => {
      const first = person({ answers: schemeAnswers })
      const id = await idOf(await post(first))
      const again = await post({ ...first, answers: { ...schemeAnswers, lender: 'honda' } })
      expect(await idOf(again)).toBe(id)
      const lead = await detail(id)
      expect(lead.submissions).toHaveLength(1)
      expect(lead.submissions[0]).toMatchObject({
        questionnaire: { id: scheme.id, version: 2 },
        outcome: 'eligible',
        estimatedClaim: 829,
      })
      expect(lead.submissions[0].answers[2]).toMatchObject({ questionId: 'lender', label: 'Honda Finance' })
    })

    it('takes the no-JavaScript form with answers.<id> fields and the version id', async () => {
      const postForm = (fields: Record<string, string>) =>
        app.request('/?index', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
        })
      const email = `qleads-form.${Date.now()}@example.com`
      const fields = {
        intent: 'lead',
        questionnaireVersion: String(scheme.id),
        ...Object.fromEntries(Object.entries(schemeAnswers).map(([id, value]) => [`answers.${id}`, value])),
        firstName: 'Form',
        lastName: 'Poster',
        email,
        phone: '07700 900777',
        hasConsent: 'true',
      }
      const bad = await postForm({ ...fields, 'answers.lender': 'nobody' })
      expect(bad.status).toBe(400)
      // Refused and nothing stored (the row count below); showing the message is the form's part.
      expect((await postForm(fields)).status).toBe(303)
      const row = await db()
        .selectFrom('lead')
        .select(['id', 'questionnaireVersionId', 'outcome', 'estimatedClaim'])
        .where('email', '=', email)
        .execute()
      expect(row).toEqual([
        {
          id: expect.any(Number),
          questionnaireVersionId: scheme.id,
          outcome: 'eligible',
          estimatedClaim: 829,
        },
      ])
    })

    it('sends the questionnaire and the answers to the buyer', async () => {
      const body = person({ answers: schemeAnswers })
      const id = await idOf(await post(body))
      await waitUntil(() => receiver.receipts.some((r) => r.json.lead?.id === id), { what: 'the delivery' })
      const receipt = receiver.receipts.find((r) => r.json.lead?.id === id)
      expect(receipt?.json.lead).toMatchObject({
        questionnaire: { id: scheme.id, version: 2, name: redressSchemeDefinition.name },
        outcome: 'eligible',
        estimatedClaim: 829,
      })
      expect(receipt?.json.lead.answers[0]).toEqual({
        questionId: 'product',
        question: 'What kind of finance did you use to buy the car?',
        value: 'hp',
        label: 'Hire purchase (HP)',
      })
    })

    it('filters the list by version and by answer', async () => {
      const byVersion = (await ok(
        await admin.get(`/api/leads?questionnaireVersion=${spec.id}&pageSize=200`),
      )) as { items: { id: number }[] }
      expect(byVersion.items.map((l) => l.id)).toContain(specLeadId)
      const versions = await db()
        .selectFrom('lead')
        .select('questionnaireVersionId')
        .where(
          'id',
          'in',
          byVersion.items.map((l) => l.id),
        )
        .execute()
      expect(new Set(versions.map((v) => v.questionnaireVersionId))).toEqual(new Set([spec.id]))

      const honda = (await ok(
        await admin.get(
          '/api/leads?answer=lender:santander&answer=alreadyComplained:complained&pageSize=200',
        ),
      )) as { items: unknown[]; total: number }
      expect(honda.total).toBe(1)
      expect(await admin.get('/api/leads?answer=nocolon').then((r) => r.status)).toBe(400)
    })

    it('offers the live and retired versions, with their questions, to the filters', async () => {
      const versions = (await ok(await admin.get('/api/admin/leads/questionnaires'))) as unknown as {
        id: number
        version: number
        status: string
        questions: { id: string; options: unknown[] }[]
      }[]
      expect(versions.map((v) => [v.version, v.status])).toEqual([
        [2, 'live'],
        [1, 'retired'],
      ])
      expect(versions[0]?.questions.map((q) => q.id)).toEqual(
        redressSchemeDefinition.questions.map((q) => q.id),
      )
    })

    it('exports the answers of a version as one column per question, with the labels', async () => {
      const response = await admin.get(
        `/api/admin/leads/export.csv?answers=1&questionnaireVersion=${scheme.id}`,
      )
      expect(response.status).toBe(200)
      const lines = (await response.text()).replace(/^\uFEFF/, '').split('\r\n')
      expect(lines[0]).toBe(
        [
          'Name',
          'Car Details',
          'Consent',
          'Date',
          ...redressSchemeDefinition.questions.map((q) => (q.title.includes(',') ? `"${q.title}"` : q.title)),
        ].join(','),
      )
      expect(
        lines.some((l) =>
          l.endsWith(',Hire purchase (HP),1 April 2014 to 1 November 2024,Santander Consumer Finance,No'),
        ),
      ).toBe(true)
      const spec = await admin.get('/api/admin/leads/export.csv')
      expect((await spec.text()).split('\r\n')[0]).toBe('Name,Car Details,Consent,Date')
    })
  })
})

describe(`leads taken before questionnaire versions on ${testDialect}`, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>

  beforeAll(async () => {
    database = await createTestDatabase()
    await migrateToLatest(database.db.withoutPlugins(), database.dialect)
  })
  afterAll(async () => {
    await database?.destroy()
  })

  it('are given the SPEC version and their answers from the SPEC columns by the seed', async () => {
    const db = database.db
    const lead = await insertLead(db, { email: 'before@example.com' })
    await db
      .insertInto('eligibilityResponse')
      .values({
        leadId: lead.id,
        hadPcpFinance: true,
        purchaseDateRange: '2011-2014',
        loanAmount: 15000,
        dealerDisclosedCommission: false,
        commissionDisclosure: 'unclear',
        isEligible: true,
        estimatedClaim: 2500,
      })
      .execute()
    const bare = await insertLead(db, { email: 'no-answers@example.com' })
    await db
      .insertInto('leadSubmission')
      .values({
        reference: 'before-submission',
        leadId: lead.id,
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'before@example.com',
        emailNormalized: 'before@example.com',
        phone: '07700900123',
        hasConsent: true,
        hadPcpFinance: false,
        purchaseDateRange: '2007-2010',
        loanAmount: 35000,
        dealerDisclosedCommission: true,
        commissionDisclosure: 'yes',
        isEligible: false,
        estimatedClaim: 0,
      })
      .execute()
    await seed(db)
    await seed(db)
    const spec = await db
      .selectFrom('questionnaireVersion')
      .select('id')
      .where('version', '=', 1)
      .executeTakeFirstOrThrow()
    const rows = await db
      .selectFrom('lead')
      .select(['id', 'questionnaireVersionId', 'answers', 'outcome', 'estimatedClaim'])
      .orderBy('id')
      .execute()
    expect(rows).toEqual([
      {
        id: lead.id,
        questionnaireVersionId: spec.id,
        answers: {
          hadPcpFinance: 'yes',
          purchaseDateRange: '2011-2014',
          loanAmount: '15000-25000',
          dealerDisclosedCommission: 'unclear',
        },
        outcome: 'eligible',
        estimatedClaim: 2500,
      },
      { id: bare.id, questionnaireVersionId: null, answers: null, outcome: null, estimatedClaim: null },
    ])
    const submission = await db
      .selectFrom('leadSubmission')
      .select(['questionnaireVersionId', 'answers', 'outcome', 'estimatedClaim'])
      .executeTakeFirstOrThrow()
    expect(submission).toEqual({
      questionnaireVersionId: spec.id,
      answers: {
        hadPcpFinance: 'no',
        purchaseDateRange: '2007-2010',
        loanAmount: '35000+',
        dealerDisclosedCommission: 'yes',
      },
      outcome: 'not_eligible',
      estimatedClaim: 0,
    })
  })
})
