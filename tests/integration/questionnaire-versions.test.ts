import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { estimateKeys } from '../../core/compliance.ts'
import { assess } from '../../core/questionnaire/definition.ts'
import { parseDefinition } from '../../core/questionnaire/definition-schema.ts'
import { redressSchemeDefinition } from '../../core/questionnaire/redress-scheme-definition.ts'
import { specDefinition } from '../../core/questionnaire/spec-definition.ts'
import { seed } from '../../server/compose/index.ts'
import { acceptedQuestionnaire, liveQuestionnaire, RETIRED_GRACE_MS } from '../../server/leads/index.ts'
import { json, migrateToLatest } from '../../server/platform/index.ts'
import { createTestDatabase, testDialect } from '../support/test-app.ts'

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>

describe(`questionnaire versions on ${testDialect}`, () => {
  let database: TestDatabase
  const db = () => database.db

  beforeAll(async () => {
    database = await createTestDatabase()
    await migrateToLatest(database.db.withoutPlugins(), database.dialect)
  })
  afterAll(async () => {
    await database?.destroy()
  })

  it('installs the SPEC set as live version 1 and the redress-scheme set as draft version 2, once', async () => {
    await seed(db())
    await seed(db())
    const rows = await db()
      .selectFrom('questionnaireVersion')
      .select(['version', 'name', 'status', 'definition', 'publishedAt', 'evidenceNote'])
      .orderBy('version')
      .execute()
    expect(rows.map((r) => [r.version, r.status])).toEqual([
      [1, 'live'],
      [2, 'draft'],
    ])
    const [spec, scheme] = rows
    expect(spec?.definition).toEqual(specDefinition)
    expect(spec?.publishedAt).toBeInstanceOf(Date)
    expect(spec?.evidenceNote).toBeTruthy()
    expect(scheme?.definition).toEqual(redressSchemeDefinition)
    for (const row of rows) expect(parseDefinition(row.definition).ok).toBe(true)
    const live = await liveQuestionnaire(db())
    expect(live).toMatchObject({ version: 1, name: specDefinition.name })
  })

  it('keeps exactly one live version', async () => {
    await expect(
      db()
        .insertInto('questionnaireVersion')
        .values({ version: 99, name: 'Second live', definition: json(specDefinition), status: 'live' })
        .execute(),
    ).rejects.toThrow()
  })

  it('takes leads for the live version and for one retired within the grace period only', async () => {
    const live = await liveQuestionnaire(db())
    const draft = await db()
      .selectFrom('questionnaireVersion')
      .select('id')
      .where('status', '=', 'draft')
      .executeTakeFirstOrThrow()
    expect(await acceptedQuestionnaire(db(), live?.id as number)).toMatchObject({ version: 1 })
    expect(await acceptedQuestionnaire(db(), draft.id)).toBeUndefined()
    expect(await acceptedQuestionnaire(db(), 999_999)).toBeUndefined()
    const retiredAt = new Date()
    const { id } = await db()
      .insertInto('questionnaireVersion')
      .values({
        version: 3,
        name: 'Retired',
        definition: json(specDefinition),
        status: 'retired',
        retiredAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect(await acceptedQuestionnaire(db(), id, new Date(retiredAt.getTime() + 1000))).toMatchObject({ id })
    expect(await acceptedQuestionnaire(db(), id, new Date(retiredAt.getTime() + RETIRED_GRACE_MS + 1))).toBe(
      undefined,
    )
  })
})

describe(`questionnaire versions installed over an operator's settings on ${testDialect}`, () => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase()
    await migrateToLatest(database.db.withoutPlugins(), database.dialect)
  })
  afterAll(async () => {
    await database?.destroy()
  })

  it('folds the estimates and date labels the operator set into the live SPEC set', async () => {
    await database.db
      .insertInto('siteSetting')
      .values([
        { key: estimateKeys['15000-25000'], value: '2100', category: 'compliance' },
        { key: 'date_band_2019_2021', value: '2019 to 2021', category: 'compliance' },
      ])
      .execute()
    await seed(database.db)
    const live = await liveQuestionnaire(database.db)
    const definition = live?.definition
    if (!definition) throw new Error('no live version')
    expect(assess(definition, { ...answersFor('15000-25000') })).toMatchObject({
      outcome: 'eligible',
      estimate: 2100,
    })
    const dates = definition.questions.find((q) => q.id === 'purchaseDateRange')
    expect(dates?.options.find((o) => o.value === '2019-2021')?.label).toBe('2019 to 2021')
  })
})

function answersFor(loanAmount: string) {
  return {
    hadPcpFinance: 'yes',
    purchaseDateRange: '2015-2018',
    loanAmount,
    dealerDisclosedCommission: 'no',
  }
}
