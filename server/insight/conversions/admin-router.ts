import { Router } from 'express'
import {
  conversionEvents,
  conversionPlatforms,
  conversionStatuses,
  googleImportColumns,
  googleImportTime,
} from '../../../core/conversions.ts'
import { CSV_BOM, csvRow } from '../../../core/csv.ts'
import {
  conversionListQuerySchema,
  destinationCreateSchema,
  destinationUpdateSchema,
} from '../../../core/schemas/conversions.ts'
import type { AppServices } from '../../platform/index.ts'
import {
  apiModule,
  arrayOf,
  audit,
  messageSchema,
  mountRoutes,
  ref,
  route,
  shape,
} from '../../platform/index.ts'
import {
  createDestination,
  deleteDestination,
  findDestination,
  listDestinations,
  toDestinationView,
  updateDestination,
} from './destinations.server.ts'
import { listEvents, statusCounts } from './events.server.ts'
import { googleImportRows } from './google-import.server.ts'

const BASE = '/api/admin/conversions'
const AUTH = 'permission:conversions' as const
const noKey = { 409: 'CONVERSIONS_KEY is not set, or the saved credentials cannot be read with it' }

const EVENT_CSV_COLUMNS = [
  'Id',
  'Lead',
  'Destination',
  'Platform',
  'Event',
  'Event id',
  'Status',
  'Reason',
  'HTTP status',
  'Value (GBP)',
  'Click id',
  'Consent',
  'Attempts',
  'Event time',
  'Sent at',
] as const

const ukDay = (now: Date) => now.toISOString().slice(0, 10)

/** Under /api/admin/conversions, admins only: destinations, the events sent and the import CSV. */
export const conversionsRoutes = [
  route({
    method: 'get',
    path: `${BASE}/destinations`,
    summary: 'List conversion destinations',
    description: 'Credentials never go back out: `hasCredentials` says whether they are saved.',
    auth: AUTH,
    response: arrayOf(ref('ConversionDestination')),
    handle: async ({ services }) => (await listDestinations(services.db)).map(toDestinationView),
  }),
  route({
    method: 'post',
    path: `${BASE}/destinations`,
    summary: 'Add a conversion destination',
    description:
      'Google: accountId, conversionActionId, event, clientEmail and privateKey (a service account). Meta: pixelId and accessToken. TikTok: pixelCode and accessToken. Credentials are stored encrypted with CONVERSIONS_KEY.',
    auth: AUTH,
    body: destinationCreateSchema,
    status: 201,
    response: ref('ConversionDestination'),
    responses: { 400: 'A field the platform needs is missing', ...noKey },
    handle: async ({ services, body, actor }) => {
      const row = await createDestination(services.db, services.config.conversions.key, body)
      await audit(services.db, {
        actor,
        action: 'conversion_destination.create',
        entity: 'conversion_destination',
        entityId: row.id,
        detail: { name: row.name, platform: row.platform },
      })
      return toDestinationView(row)
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/destinations/{id}`,
    summary: 'A conversion destination',
    auth: AUTH,
    label: 'Destination',
    response: ref('ConversionDestination'),
    handle: async ({ services, params }) => toDestinationView(await findDestination(services.db, params.id)),
  }),
  route({
    method: 'put',
    path: `${BASE}/destinations/{id}`,
    summary: 'Update a conversion destination',
    description: 'Fields left out keep their value; a credential left out or blank keeps the one saved.',
    auth: AUTH,
    label: 'Destination',
    body: destinationUpdateSchema,
    response: ref('ConversionDestination'),
    responses: { 400: 'A field the platform needs is missing', ...noKey },
    handle: async ({ services, params, body, actor }) => {
      const current = await findDestination(services.db, params.id)
      const row = await updateDestination(services.db, services.config.conversions.key, current, body)
      await audit(services.db, {
        actor,
        action: 'conversion_destination.update',
        entity: 'conversion_destination',
        entityId: row.id,
        detail: { name: row.name, enabled: row.enabled, testMode: row.testMode, fields: Object.keys(body) },
      })
      return toDestinationView(row)
    },
  }),
  route({
    method: 'delete',
    path: `${BASE}/destinations/{id}`,
    summary: 'Delete a conversion destination',
    description: 'Its events go with it.',
    auth: AUTH,
    label: 'Destination',
    response: messageSchema,
    handle: async ({ services, params, actor }) => {
      const row = await findDestination(services.db, params.id)
      await deleteDestination(services.db, row.id)
      await audit(services.db, {
        actor,
        action: 'conversion_destination.delete',
        entity: 'conversion_destination',
        entityId: row.id,
        detail: { name: row.name, platform: row.platform },
      })
      return { message: 'Destination deleted' }
    },
  }),
  route({
    method: 'post',
    path: `${BASE}/destinations/{id}/test`,
    summary: 'Send a test event',
    description:
      'A made-up lead event, in test mode whatever the destination’s setting: Google validates it only; Meta and TikTok get the test event code. Answers with what the platform said.',
    auth: AUTH,
    label: 'Destination',
    response: shape({ ok: 'boolean', 'httpStatus?': 'integer', message: 'string', 'answer?': 'string' }),
    handle: async ({ services, params, actor }) => {
      const row = await findDestination(services.db, params.id)
      const outcome = await services.conversions.sendTest(row)
      await audit(services.db, {
        actor,
        action: 'conversion_destination.test',
        entity: 'conversion_destination',
        entityId: row.id,
        detail: { name: row.name, outcome: outcome.kind, httpStatus: outcome.httpStatus },
      })
      return {
        ok: outcome.kind === 'sent',
        httpStatus: outcome.httpStatus,
        message: outcome.kind === 'sent' ? 'The platform accepted the test event' : outcome.message,
        answer: outcome.answer,
      }
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/events`,
    summary: 'Conversion events sent, to send and not sent',
    description:
      'Newest first (at most `limit`, 100 by default), with each platform’s answer and the counts by status.',
    auth: AUTH,
    query: conversionListQuerySchema,
    response: shape({
      events: arrayOf(ref('ConversionEvent')),
      counts: shape(Object.fromEntries(conversionStatuses.map((s) => [s, 'integer']))),
    }),
    handle: async ({ services, query, res }) => {
      res.setHeader('Cache-Control', 'no-store')
      const [events, counts] = await Promise.all([
        listEvents(services.db, { ...query, limit: query.limit ?? 100 }),
        statusCounts(services.db),
      ])
      return { events, counts }
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/events.csv`,
    summary: 'Conversion events as CSV',
    description: 'The list’s filters, every matching event (no limit).',
    auth: AUTH,
    query: conversionListQuerySchema,
    response: { type: 'string' },
    responseType: 'text/csv',
    handle: async ({ services, query, res }) => {
      const events = await listEvents(services.db, { ...query, limit: undefined })
      res.setHeader('Content-Type', 'text/csv; charset=utf-8')
      res.setHeader('Content-Disposition', `attachment; filename="conversions-${ukDay(new Date())}.csv"`)
      res.setHeader('Cache-Control', 'no-store')
      res.end(
        CSV_BOM +
          csvRow(EVENT_CSV_COLUMNS) +
          events
            .map((e) =>
              csvRow([
                e.id,
                e.leadReference ?? e.leadId,
                e.destinationName,
                e.platform,
                e.event,
                e.eventId,
                e.status,
                e.reason,
                e.httpStatus,
                e.valuePence === null ? '' : { number: (e.valuePence / 100).toFixed(2) },
                e.clickId,
                e.consented ? 'Yes' : 'No',
                e.attempts,
                e.eventTime,
                e.sentAt,
              ]),
            )
            .join(''),
      )
    },
  }),
  route({
    method: 'get',
    path: `${BASE}/google-import.csv`,
    summary: 'Google offline conversion import (CSV)',
    description:
      'For operators without API access: leads with a gclid in Google’s offline conversion import format, one row per lead, qualified lead and sale (value in GBP), the last 90 days. Conversion names are those of the Google destinations counting each event, else Lead, QualifiedLead and Purchase.',
    auth: AUTH,
    response: { type: 'string' },
    responseType: 'text/csv',
    handle: async ({ services, res }) => {
      const rows = await googleImportRows(services.db, new Date())
      res.setHeader('Content-Type', 'text/csv; charset=utf-8')
      res.setHeader(
        'Content-Disposition',
        `attachment; filename="google-offline-conversions-${ukDay(new Date())}.csv"`,
      )
      res.setHeader('Cache-Control', 'no-store')
      res.end(
        csvRow(googleImportColumns) +
          rows
            .map((r) =>
              csvRow([
                r.gclid,
                r.name,
                googleImportTime(r.at),
                r.valuePence === null ? '' : { number: (r.valuePence / 100).toFixed(2) },
                r.valuePence === null ? '' : 'GBP',
              ]),
            )
            .join(''),
      )
    },
  }),
]

const nullable = (type: string) => ({ type: [type, 'null'] })

export const conversionsApi = apiModule(
  {
    tag: {
      name: 'Conversions',
      description:
        'Server-side conversions to Google (Data Manager API), Meta (Conversions API) and TikTok (Events API): destinations with write-only credentials, and each event with the platform’s answer.',
    },
    schemas: {
      ConversionDestination: shape({
        id: 'integer',
        platform: { type: 'string', enum: [...conversionPlatforms] },
        name: 'string',
        enabled: 'boolean',
        testMode: 'boolean',
        hasCredentials: {
          type: 'boolean',
          description: 'Whether credentials are saved; they are never shown',
        },
        accountId: nullable('string'),
        loginAccountId: nullable('string'),
        conversionActionId: nullable('string'),
        conversionName: nullable('string'),
        event: { type: ['string', 'null'], enum: ['lead', 'qualified', 'sale', null] },
        clientEmail: nullable('string'),
        pixelId: nullable('string'),
        pixelCode: nullable('string'),
        testEventCode: nullable('string'),
        createdAt: 'date-time',
        updatedAt: 'date-time',
      }),
      ConversionEvent: shape({
        id: 'integer',
        leadId: 'integer',
        leadReference: { ...nullable('string'), description: 'Null once the lead is erased' },
        destinationId: 'integer',
        destinationName: 'string',
        platform: { type: 'string', enum: [...conversionPlatforms] },
        event: { type: 'string', enum: [...conversionEvents] },
        eventId: {
          type: 'string',
          description: 'The id the platform deduplicates on (the pixel gets the same)',
        },
        status: { type: 'string', enum: [...conversionStatuses] },
        reason: { ...nullable('string'), description: 'Why it was not sent, or the platform’s message' },
        answer: {
          ...nullable('string'),
          description: 'The platform’s answer: HTTP status and body, cut short',
        },
        httpStatus: nullable('integer'),
        valuePence: nullable('integer'),
        attempts: 'integer',
        clickId: nullable('string'),
        consented: { type: 'boolean', description: 'Whether the visitor consented to marketing' },
        eventTime: 'date-time',
        'sentAt?': 'date-time',
        createdAt: 'date-time',
      }),
    },
  },
  conversionsRoutes,
)

export function conversionsAdminRouter(services: AppServices): Router {
  return mountRoutes(Router(), services, BASE, conversionsRoutes)
}
