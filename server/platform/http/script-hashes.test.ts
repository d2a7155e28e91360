import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { NONCE_PLACEHOLDER } from './nonce.ts'
import { EXTERNAL_SCRIPT_LOADER, hashTrustedScripts } from './script-hashes.ts'

const trusted = `nonce="${NONCE_PLACEHOLDER}"`
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('hashTrustedScripts', () => {
  it('lists the hash of each trusted inline script and drops the placeholder nonce', () => {
    const html = `<head><link ${trusted} rel="icon" href="/i.svg"/><script ${trusted}>a()</script></head><body><script ${trusted} type="module">import "/x.js"</script></body>`
    const { html: out, sources } = hashTrustedScripts(html)
    expect(sources).toEqual([hashOf('a()'), hashOf('import "/x.js"')])
    expect(out).not.toContain('nonce')
    expect(out).toContain('<script>a()</script>')
    expect(out).toContain('<script type="module">import "/x.js"</script>')
  })

  it('lists one hash for scripts with the same text', () => {
    const { sources } = hashTrustedScripts(`<script ${trusted}>a()</script><script ${trusted}>a()</script>`)
    expect(sources).toEqual([hashOf('a()')])
  })

  it('never lists a script without the placeholder: it stays as it is and will not run', () => {
    const html = `<p>x</p><script>alert(1)</script><script nonce="guess">alert(2)</script>`
    const { html: out, sources } = hashTrustedScripts(html)
    expect(sources).toEqual([])
    expect(out).toBe(html)
  })

  it('leaves inert consent scripts and data blocks unlisted', () => {
    const html = `<script ${trusted} type="text/plain" data-consent-category="marketing">m()</script><script ${trusted} type="application/ld+json">{"a":1}</script>`
    const { html: out, sources } = hashTrustedScripts(html)
    expect(sources).toEqual([])
    expect(out).toBe(
      '<script type="text/plain" data-consent-category="marketing">m()</script><script type="application/ld+json">{"a":1}</script>',
    )
  })

  it('sends a trusted external script inert, followed by the loader that inserts it', () => {
    const html = `<script ${trusted} data-probe="x" src="https://cdn.example/a.js?x=1&amp;y=2" type="module" async></script>`
    const { html: out, sources } = hashTrustedScripts(html)
    expect(sources).toEqual([hashOf(EXTERNAL_SCRIPT_LOADER)])
    expect(out).toBe(
      `<script type="text/plain" data-csp-external data-csp-type="module" data-probe="x" src="https://cdn.example/a.js?x=1&amp;y=2" async></script><script>${EXTERNAL_SCRIPT_LOADER}</script>`,
    )
  })
})
