import type { Kysely } from 'kysely'
import type { Attribution } from '../../../core/attribution.ts'
import { isQuestionnaireAddress } from '../../../core/questionnaire/address.ts'
import { specDefinitionFromSettings } from '../../../core/questionnaire/spec-from-settings.ts'
import {
  attributionFromQuery,
  type QuestionnaireState,
  type ShownQuestionnaire,
  startedAtFrom,
  stateFromQuery,
  versionFromForm,
} from '../../../core/questionnaire/state.ts'
import { readFacts, resolveDefinitionFacts } from '../../../core/site-facts.ts'
import type { RunningExperiment } from '../../insight/index.ts'
import { experimentQuestionnaire } from '../../insight/index.ts'
import type { DB } from '../../platform/index.ts'
import { acceptedQuestionnaire, type LiveQuestionnaire } from './queries.server.ts'

type Snapshot = {
  questionnaire: LiveQuestionnaire | undefined
  settings: ReadonlyMap<string, string | null>
  experiments?: ReadonlyMap<string, RunningExperiment>
}

/**
 * What the public pages show: the live version from the site snapshot. The seed always installs
 * one; a database without any still shows the SPEC set (id 0: no version is named in a lead).
 */
export function shownQuestionnaire(site: Snapshot): ShownQuestionnaire {
  const live = site.questionnaire
  if (live) return withFacts(site, { id: live.id, version: live.version, definition: live.definition })
  return withFacts(site, { id: 0, version: 0, definition: specDefinitionFromSettings(site.settings) })
}

/** Its texts with `{{fact.key}}` resolved from the site facts (core/site-facts.ts). */
function withFacts(site: Snapshot, shown: ShownQuestionnaire): ShownQuestionnaire {
  const values = readFacts(site.settings)
  return { ...shown, definition: resolveDefinitionFacts(shown.definition, { values, unknown: 'empty' }) }
}

/**
 * The version a no-JavaScript post is answered against: the one its form names while the server
 * still accepts it (live, or retired within the grace period), else the live one.
 */
export async function postedQuestionnaire(
  db: Kysely<DB>,
  site: Snapshot,
  posted: number | undefined,
): Promise<ShownQuestionnaire> {
  const live = shownQuestionnaire(site)
  if (posted === undefined || posted === live.id) return live
  const shownByVariant = experimentQuestionnaire(site.experiments, posted)
  if (shownByVariant) return withFacts(site, shownByVariant)
  const accepted = await acceptedQuestionnaire(db, posted)
  return accepted
    ? withFacts(site, { id: accepted.id, version: accepted.version, definition: accepted.definition })
    : live
}

export type AddressedQuestionnaire = {
  shown: ShownQuestionnaire
  state: QuestionnaireState
  attribution?: Attribution
  startedAt?: number
}

/**
 * The step a page's address names (`?step=…`, ADR 0058), against the version it names while the
 * server accepts it. Undefined for any other address: the page's cached render shows the first step.
 */
export async function addressedQuestionnaire(
  db: Kysely<DB>,
  site: Snapshot,
  requestUrl: string,
): Promise<AddressedQuestionnaire | undefined> {
  if (!isQuestionnaireAddress(requestUrl)) return undefined
  const params = new URL(requestUrl).searchParams
  const shown = await postedQuestionnaire(db, site, versionFromForm(params))
  return {
    shown,
    state: stateFromQuery(shown.definition, params),
    attribution: attributionFromQuery(params),
    startedAt: startedAtFrom(params),
  }
}
