import type http from 'node:http'
import type { AddressInfo } from 'node:net'
import express, { type RequestHandler, Router } from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { CurrentAdmin } from '../../../core/schemas/users.ts'
import { routeGuards } from '../../identity/index.ts'
import type { AppServices } from '../context.ts'
import { buildOpenApiDocument } from '../openapi/document.ts'
import { apiErrorHandler, HttpError } from './errors.ts'
import { apiModule, mountRoutes, type RouteDefinition, route } from './route.ts'

const servers: http.Server[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

// No cookie is ever sent, so reading the session never reaches the database.
const services = { config: {}, guards: routeGuards } as unknown as AppServices

const editor = { id: 7, role: 'editor', permissions: ['pages'] } as unknown as CurrentAdmin
const buyer = { id: 8, role: 'buyer', permissions: [] } as unknown as CurrentAdmin

const noteSchema = z.object({
  title: z.string().min(1, 'Give the note a title'),
  pinned: z.boolean().optional(),
})

const routes: RouteDefinition[] = [
  route({
    method: 'get',
    path: '/api/things/notes',
    summary: 'Notes',
    auth: 'public',
    query: z.object({ page: z.coerce.number().int().min(1, 'The page must be 1 or more').optional() }),
    handle: ({ query }) => ({ page: query.page ?? 1 }),
  }),
  route({
    method: 'post',
    path: '/api/things/notes',
    summary: 'Add a note',
    auth: 'session',
    body: noteSchema,
    status: 201,
    handle: ({ body, actor }) => ({ title: body.title, by: actor?.id }),
  }),
  route({
    method: 'get',
    path: '/api/things/notes/{id}',
    summary: 'A note',
    auth: 'permission:pages',
    label: 'Note',
    handle: ({ params }) => ({ id: params.id }),
  }),
  route({
    method: 'delete',
    path: '/api/things/notes/{id}',
    summary: 'Delete a note',
    auth: 'permission:scripts',
    handle: ({ res }) => {
      res.status(204).end()
    },
  }),
]

async function app(admin?: CurrentAdmin, definitions = routes) {
  const server = express()
  server.use(express.json())
  server.use(((req, _res, next) => {
    req.admin = admin
    next()
  }) as RequestHandler)
  server.use('/api/things', mountRoutes(Router(), services, '/api/things', definitions))
  server.use(apiErrorHandler)
  const listening = server.listen(0, '127.0.0.1')
  servers.push(listening)
  await new Promise((resolve) => listening.once('listening', resolve))
  const origin = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(origin + path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : undefined }
  }
}

describe('route', () => {
  it('answers 400 with the message of the field that broke a rule', async () => {
    const call = await app(editor)
    expect(await call('POST', '/api/things/notes', { title: '' })).toEqual({
      status: 400,
      body: { message: 'Give the note a title' },
    })
    expect(await call('GET', '/api/things/notes?page=0')).toEqual({
      status: 400,
      body: { message: 'The page must be 1 or more' },
    })
  })

  it('hands the handler parsed input and sends its value with the status', async () => {
    const call = await app(editor)
    expect(await call('POST', '/api/things/notes', { title: 'Hi' })).toEqual({
      status: 201,
      body: { title: 'Hi', by: 7 },
    })
    expect(await call('GET', '/api/things/notes?page=3')).toEqual({ status: 200, body: { page: 3 } })
    expect(await call('GET', '/api/things/notes/12')).toEqual({ status: 200, body: { id: 12 } })
  })

  it('answers 404 naming the record for an id that is not one', async () => {
    const call = await app(editor)
    expect(await call('GET', '/api/things/notes/abc')).toEqual({
      status: 404,
      body: { message: 'Note not found' },
    })
  })

  it('enforces each auth kind', async () => {
    const anonymous = await app()
    expect((await anonymous('GET', '/api/things/notes')).status).toBe(200)
    expect(await anonymous('POST', '/api/things/notes', { title: 'x' })).toEqual({
      status: 401,
      body: { message: 'Please sign in to continue' },
    })
    expect((await anonymous('GET', '/api/things/notes/1')).status).toBe(401)

    const asBuyer = await app(buyer)
    expect((await asBuyer('POST', '/api/things/notes', { title: 'x' })).status).toBe(403)
    expect((await asBuyer('GET', '/api/things/notes/1')).status).toBe(403)

    const asEditor = await app(editor)
    expect((await asEditor('GET', '/api/things/notes/1')).status).toBe(200)
    expect(await asEditor('DELETE', '/api/things/notes/1')).toEqual({
      status: 403,
      body: { message: 'Your role does not allow managing scripts' },
    })
  })

  it('refuses a fresh-sign-in route to a session that is not fresh', async () => {
    const fresh = route({
      method: 'post',
      path: '/api/things/keys',
      summary: 'Make a key',
      auth: 'session',
      fresh: true,
      handle: () => ({ ok: true }),
    })
    const call = await app(editor, [fresh])
    const answer = await call('POST', '/api/things/keys')
    expect(answer.status).toBe(403)
    expect(answer.body).toMatchObject({ reauthenticate: true })
  })

  it('lets a buyer through a route for any account, and hands a described parameter over as it is', async () => {
    const own = route({
      method: 'delete',
      path: '/api/things/sessions/{sessionId}',
      summary: 'End a session',
      auth: 'session',
      anyAccount: true,
      params: { sessionId: { type: 'string', format: 'uuid' } },
      handle: ({ params, actor }) => ({ sessionId: params.sessionId, by: actor?.id }),
    })
    const asBuyer = await app(buyer, [own])
    expect(await asBuyer('DELETE', '/api/things/sessions/a-uuid')).toEqual({
      status: 200,
      body: { sessionId: 'a-uuid', by: 8 },
    })
    expect((await (await app(undefined, [own]))('DELETE', '/api/things/sessions/x')).status).toBe(401)
  })

  it('runs the buyer guard the services supply in front of a buyer-key route, and refuses one without it', async () => {
    const leads = route({
      method: 'get',
      path: '/api/things/leads',
      summary: 'A buyer’s leads',
      auth: 'buyer-key',
      handle: ({ res }) => ({ buyerId: res.locals.buyerId }),
    })
    expect(() => mountRoutes(Router(), services, '/api/things', [leads])).toThrow(
      /buyer-key needs services.guards.requireBuyer/,
    )
    const requireBuyer: RequestHandler = (req, res, next) => {
      if (req.get('authorization') !== 'Bearer ccb_good') {
        res.status(401).json({ message: 'No key' })
        return
      }
      res.locals.buyerId = 3
      next()
    }
    const withBuyers = { ...services, guards: { ...routeGuards, requireBuyer: () => requireBuyer } }
    const server = express()
    server.use('/api/things', mountRoutes(Router(), withBuyers as AppServices, '/api/things', [leads]))
    const listening = server.listen(0, '127.0.0.1')
    servers.push(listening)
    await new Promise((resolve) => listening.once('listening', resolve))
    const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/api/things/leads`
    const refused = await fetch(url)
    expect({ status: refused.status, body: await refused.json() }).toEqual({
      status: 401,
      body: { message: 'No key' },
    })
    const allowed = await fetch(url, { headers: { authorization: 'Bearer ccb_good' } })
    expect({ status: allowed.status, body: await allowed.json() }).toEqual({
      status: 200,
      body: { buyerId: 3 },
    })
  })

  it('leaves the body to a handler that reads it, and still describes it', async () => {
    const beacon = route({
      method: 'post',
      path: '/api/things/beacon',
      summary: 'A beacon',
      auth: 'public',
      body: noteSchema,
      readBody: 'in-handler',
      status: 202,
      handle: ({ body, req }) => ({ parsed: body ?? null, raw: req.body }),
    })
    // An empty title breaks the schema: only the handler judges it.
    expect(await (await app(undefined, [beacon]))('POST', '/api/things/beacon', { title: '' })).toEqual({
      status: 202,
      body: { parsed: null, raw: { title: '' } },
    })
    const document = buildOpenApiDocument([apiModule({ tag: { name: 'T', description: 'T' } }, [beacon])], {
      sessionCookie: 'sid',
    })
    expect(document.paths['/api/things/beacon']?.post).toMatchObject({
      requestBody: { content: { 'application/json': { schema: { required: ['title'] } } } },
    })
  })

  it('lets a route read its own body, worded its own way, while the schema describes it', async () => {
    const own = route({
      method: 'post',
      path: '/api/things/forms',
      summary: 'Send a form',
      auth: 'public',
      body: noteSchema,
      readBody: (req) => {
        const result = noteSchema.safeParse(req.body)
        if (!result.success) throw new HttpError(400, `title: ${result.error.issues[0]?.message}`)
        return result.data
      },
      handle: ({ body }) => ({ title: body.title }),
    })
    const call = await app(undefined, [own])
    expect(await call('POST', '/api/things/forms', [])).toEqual({
      status: 400,
      body: { message: 'title: Invalid input: expected object, received array' },
    })
    expect(await call('POST', '/api/things/forms', { title: 'Hi\u0000' })).toEqual({
      status: 200,
      body: { title: 'Hi\u0000' },
    })
    const document = buildOpenApiDocument([apiModule({ tag: { name: 'T', description: 'T' } }, [own])], {
      sessionCookie: 'sid',
    })
    expect(document.paths['/api/things/forms']?.post?.requestBody).toMatchObject({
      content: { 'application/json': { schema: { required: ['title'] } } },
    })
  })

  it('refuses to mount an /api/admin route whose auth differs from its area', () => {
    const wrong = route({
      method: 'get',
      path: '/api/admin/scripts',
      summary: 'Scripts',
      auth: 'permission:pages',
      handle: () => [],
    })
    expect(() => mountRoutes(Router(), services, '/api/admin/scripts', [wrong])).toThrow(
      /declares permission:pages, its admin area demands permission:scripts/,
    )
  })

  it('describes each route once in the document, from the same schemas', () => {
    const document = buildOpenApiDocument(
      [apiModule({ tag: { name: 'Things', description: 'T' } }, routes)],
      {
        sessionCookie: 'sid',
      },
    )
    expect(document.paths['/api/things/notes']).toMatchObject({
      get: { parameters: [{ name: 'page', in: 'query', required: false }] },
      post: {
        summary: 'Add a note',
        requestBody: { content: { 'application/json': { schema: { required: ['title'] } } } },
      },
    })
    expect(Object.keys(document.paths['/api/things/notes']?.post?.responses as object)).toEqual([
      '201',
      '400',
      '401',
      '403',
    ])
  })
})
