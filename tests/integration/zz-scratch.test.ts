import { it } from 'vitest'
import fs from 'node:fs'
import { createSignedInAdmin } from '../support/admin-client.ts'
import { startTestApp } from '../support/test-app.ts'
it('dump', async () => {
  const app = await startTestApp()
  const admin = await createSignedInAdmin(app, { role: 'admin' })
  await admin.post('/api/admin/scripts', { name: 'x', position: 'head', script: '<script data-probe="h">1</script>' })
  await admin.post('/api/admin/scripts', { name: 'y', position: 'body', script: '<script data-probe="b">1</script>' })
  for (const p of ['/', '/admin', '/api/login', '/forgot-password']) {
    const r = await app.request(p)
    fs.writeFileSync(`/tmp/dump${p.replace(/\//g, '_')}.html`, `${r.status} ${r.headers.get('location')} ${r.headers.get('content-security-policy')}\n${await r.text()}`)
  }
  await app.close()
})
