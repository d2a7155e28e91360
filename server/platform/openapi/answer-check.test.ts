import { describe, expect, it, vi } from 'vitest'
import type { AppServices } from '../context.ts'
import { answerCheck, documentChecker, pointer } from './answer-check.ts'
import { defineApi } from './operation.ts'

/** A documented answer that is either `enabled: false` alone or the whole settings. */
const settingsApi = defineApi({
  tag: { name: 'Settings', description: 'A stand-in module' },
  schemas: {
    Toggle: {
      anyOf: [
        { type: 'object', properties: { enabled: { const: false } }, required: ['enabled'] },
        {
          type: 'object',
          properties: { enabled: { const: true }, issuer: { type: 'string' } },
          required: ['enabled', 'issuer'],
        },
      ],
    },
  },
  operations: [
    {
      method: 'get',
      path: '/api/admin/sso',
      summary: 'The settings',
      auth: 'permission:users',
      response: { $ref: '#/components/schemas/Toggle' },
    },
  ],
})

const doc = {
  components: {
    schemas: {
      Base: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
    },
  },
  paths: {
    '/x': {
      get: {
        responses: {
          200: {
            content: {
              'application/json': {
                schema: {
                  anyOf: [
                    { type: 'object', properties: { off: { const: true } }, required: ['off'] },
                    {
                      allOf: [{ $ref: '#/components/schemas/Base' }],
                      properties: {
                        tags: {
                          type: 'array',
                          items: { type: 'object', properties: { name: { type: 'string' } } },
                        },
                        extra: { type: 'object' },
                        byKey: { type: 'object', additionalProperties: { type: 'string' } },
                      },
                    },
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
}
const ref = pointer('paths', '/x', 'get', 'responses', '200', 'content', 'application/json', 'schema')

describe('checking an answer against the document', () => {
  it('passes a body that matches, free-form objects and open maps included', async () => {
    const check = await documentChecker(doc)
    expect(check(ref, { off: true })).toBeNull()
    expect(check(ref, { id: 1, tags: [{ name: 'a' }], extra: { any: 1 }, byKey: { a: 'b' } })).toBeNull()
  })

  it('names a missing or mistyped field', async () => {
    const check = await documentChecker(doc)
    expect(check(ref, { tags: [] })).not.toBeNull()
    expect(check(ref, { id: 'one' })).not.toBeNull()
  })

  it('names a field sent that the document does not have, however deep, through $ref and allOf', async () => {
    const check = await documentChecker(doc)
    expect(check(ref, { id: 1, secret: 'x', tags: [{ name: 'a', hidden: true }] })).toEqual([
      { instancePath: '/secret', message: 'is sent but not in the document' },
      { instancePath: '/tags/0/hidden', message: 'is sent but not in the document' },
    ])
    expect(check(ref, { off: true, more: 1 })).toEqual([
      { instancePath: '/more', message: 'is sent but not in the document' },
    ])
  })
})

describe('the answer check middleware', () => {
  function run(mode: 'log' | 'throw', nodeEnv: 'test' | 'production', body: unknown) {
    const error = vi.fn()
    const services = { config: { nodeEnv, answerCheck: mode }, logger: { error } } as unknown as AppServices
    const sent: { status: number; body: unknown }[] = []
    const res = {
      statusCode: 200,
      status(code: number) {
        this.statusCode = code
        return this
      },
      json(value: unknown) {
        sent.push({ status: this.statusCode, body: value })
        return this
      },
    }
    return new Promise<{ sent: typeof sent; error: typeof error }>((resolve) => {
      void answerCheck(services, [settingsApi])(
        { method: 'GET', path: '/api/admin/sso' } as never,
        res as never,
        () => {
          res.json(body)
          resolve({ sent, error })
        },
      )
    })
  }

  it('answers 500 naming the drift in throw mode, and logs it', async () => {
    const { sent, error } = await run('throw', 'test', { enabled: true })
    expect(sent[0]?.status).toBe(500)
    expect(JSON.stringify(sent[0]?.body)).toMatch(/GET \/api\/admin\/sso 200 drifted/)
    expect(error).toHaveBeenCalledOnce()
  })

  it('passes a documented answer through untouched', async () => {
    const { sent, error } = await run('throw', 'test', { enabled: false })
    expect(sent).toEqual([{ status: 200, body: { enabled: false } }])
    expect(error).not.toHaveBeenCalled()
  })

  it('only logs in log mode, and does nothing in production', async () => {
    const logged = await run('log', 'test', { enabled: true })
    expect(logged.sent).toEqual([{ status: 200, body: { enabled: true } }])
    expect(logged.error).toHaveBeenCalledOnce()
    const production = await run('throw', 'production', { enabled: true })
    expect(production.sent).toEqual([{ status: 200, body: { enabled: true } }])
    expect(production.error).not.toHaveBeenCalled()
  })
})
