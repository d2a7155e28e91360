import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import compression from 'compression'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { write } from './write.ts'

const servers: http.Server[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

/** An app that streams `chunks` random (incompressible) 16 KB lines through compression. */
async function streamingApp(chunks: number, onDone: (listeners: number, error?: unknown) => void) {
  const app = express()
  app.use(compression({ threshold: 0 }))
  app.get('/export', async (_req, res) => {
    res.setHeader('Content-Type', 'text/plain')
    try {
      for (let i = 0; i < chunks; i++) await write(res, `${randomBytes(8192).toString('hex')}\n`)
      res.end()
      onDone(res.listenerCount('drain'))
    } catch (error) {
      onDone(res.listenerCount('drain'), error)
      res.destroy()
    }
  })
  const server = app.listen(0, '127.0.0.1')
  servers.push(server)
  await new Promise((resolve) => server.once('listening', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/export`
}

describe('write', () => {
  it('waits for a slow reader through compression without piling up drain listeners', async () => {
    const warnings: Error[] = []
    const onWarning = (warning: Error) => warnings.push(warning)
    process.on('warning', onWarning)
    try {
      let finished: (value: { listeners: number; error?: unknown }) => void = () => {}
      const done = new Promise<{ listeners: number; error?: unknown }>((resolve) => {
        finished = resolve
      })
      const url = await streamingApp(300, (listeners, error) => finished({ listeners, error }))
      const bytes = await new Promise<number>((resolve, reject) => {
        http.get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
          let total = 0
          // Read slowly so that the server meets backpressure many times.
          response.on('data', (chunk: Buffer) => {
            total += chunk.length
            response.pause()
            setTimeout(() => response.resume(), 1)
          })
          response.on('end', () => resolve(total))
          response.on('error', reject)
        })
      })
      const result = await done
      expect(result.error).toBeUndefined()
      expect(bytes).toBeGreaterThan(300 * 8192)
      expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([])
    } finally {
      process.off('warning', onWarning)
    }
  })

  it('rejects when the client goes away while it waits', async () => {
    let finished: (error: unknown) => void = () => {}
    const done = new Promise<unknown>((resolve) => {
      finished = resolve
    })
    const url = await streamingApp(10_000, (_listeners, error) => finished(error))
    await new Promise<void>((resolve) => {
      const request = http.get(url, (response) => {
        response.once('data', () => {
          request.destroy()
          resolve()
        })
      })
      request.on('error', () => {})
    })
    expect(await done).toBeInstanceOf(Error)
  })
})
