import type { Kysely, Selectable } from 'kysely'
import type { ConversionPlatform } from '../../../core/conversions.ts'
import {
  type DestinationCreate,
  type DestinationSettings,
  type DestinationUpdate,
  type DestinationView,
  destinationProblem,
} from '../../../core/schemas/conversions.ts'
import type { DB } from '../../platform/index.ts'
import { HttpError, json } from '../../platform/index.ts'
import { type DestinationSecrets, openSecrets, sealSecrets } from './secrets.server.ts'

export type DestinationRow = Selectable<DB['conversionDestination']>

export const NO_KEY_MESSAGE =
  'Conversion destinations cannot be saved: CONVERSIONS_KEY is not set (32 random bytes in base64, e.g. openssl rand -base64 32)'

const settingKeys = [
  'accountId',
  'loginAccountId',
  'conversionActionId',
  'conversionName',
  'event',
  'clientEmail',
  'pixelId',
  'pixelCode',
  'testEventCode',
] as const satisfies readonly (keyof DestinationSettings)[]

/** The settings a platform uses, from a create or update body (others are dropped). */
function settingsFrom(platform: ConversionPlatform, input: DestinationUpdate, base: DestinationSettings) {
  const used: Record<ConversionPlatform, readonly (keyof DestinationSettings)[]> = {
    google: ['accountId', 'loginAccountId', 'conversionActionId', 'conversionName', 'event', 'clientEmail'],
    meta: ['pixelId', 'testEventCode'],
    tiktok: ['pixelCode', 'testEventCode'],
  }
  const out: DestinationSettings = {}
  for (const key of settingKeys) {
    if (!used[platform].includes(key)) continue
    const value = input[key] === undefined ? base[key] : input[key]
    if (value !== undefined && value !== null) (out as Record<string, unknown>)[key] = value
  }
  return out
}

function secretsFrom(platform: ConversionPlatform, input: DestinationUpdate, base: DestinationSecrets) {
  return platform === 'google'
    ? { privateKey: input.privateKey ?? base.privateKey }
    : { accessToken: input.accessToken ?? base.accessToken }
}

export function toDestinationView(row: DestinationRow): DestinationView {
  const settings = Object.fromEntries(
    settingKeys.map((k) => [k, row.settings[k] ?? null]),
  ) as Required<DestinationSettings>
  return {
    ...settings,
    id: row.id,
    platform: row.platform,
    name: row.name,
    enabled: row.enabled,
    testMode: row.testMode,
    hasCredentials: row.secret !== null,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  }
}

export function listDestinations(db: Kysely<DB>) {
  return db.selectFrom('conversionDestination').selectAll().orderBy('id').execute()
}

export async function findDestination(db: Kysely<DB>, id: number) {
  const row = await db.selectFrom('conversionDestination').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw new HttpError(404, 'Destination not found')
  return row
}

export async function createDestination(db: Kysely<DB>, key: Buffer | undefined, input: DestinationCreate) {
  if (!key) throw new HttpError(409, NO_KEY_MESSAGE)
  const settings = settingsFrom(input.platform, input, {})
  const secrets = secretsFrom(input.platform, input, {})
  const problem = destinationProblem(input.platform, settings, secrets)
  if (problem) throw new HttpError(400, problem)
  return db
    .insertInto('conversionDestination')
    .values({
      platform: input.platform,
      name: input.name,
      enabled: input.enabled,
      testMode: input.testMode,
      settings: json(settings),
      secret: sealSecrets(key, secrets),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function updateDestination(
  db: Kysely<DB>,
  key: Buffer | undefined,
  current: DestinationRow,
  input: DestinationUpdate,
) {
  if (!key) throw new HttpError(409, NO_KEY_MESSAGE)
  const settings = settingsFrom(current.platform, input, current.settings)
  const saved = openSecrets(key, current.secret)
  const changingSecret = input.privateKey !== undefined || input.accessToken !== undefined
  if (!saved && !changingSecret) {
    throw new HttpError(
      409,
      'The saved credentials cannot be read with this CONVERSIONS_KEY: enter them again',
    )
  }
  const secrets = secretsFrom(current.platform, input, saved ?? {})
  const problem = destinationProblem(current.platform, settings, secrets)
  if (problem) throw new HttpError(400, problem)
  return db
    .updateTable('conversionDestination')
    .set({
      name: input.name ?? current.name,
      enabled: input.enabled ?? current.enabled,
      testMode: input.testMode ?? current.testMode,
      settings: json(settings),
      secret: sealSecrets(key, secrets),
      updatedAt: new Date(),
    })
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function deleteDestination(db: Kysely<DB>, id: number) {
  await db.deleteFrom('conversionEvent').where('destinationId', '=', id).execute()
  await db.deleteFrom('conversionDestination').where('id', '=', id).execute()
}
