import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { permissionLabel } from '../../../../core/admin-areas.ts'
import { ExtraPermissions } from './users-panel.tsx'

function render(canGrantAdmin: boolean, role: 'admin' | 'editor' = 'editor') {
  return renderToStaticMarkup(
    createElement(ExtraPermissions, { role, value: ['leads'], onChange: () => {}, canGrantAdmin }),
  )
}

/** The checkbox for a permission, by its label's text. */
function checkbox(html: string, label: string): string {
  const id = new RegExp(`<label for="([^"]+)"[^>]*>${label}</label>`).exec(html)?.[1]
  return new RegExp(`<input[^>]*id="${id}"[^>]*/?>`).exec(html)?.[0] ?? ''
}

describe('the extra permissions of a new user', () => {
  it('labels each permission with the admin areas it opens', () => {
    const html = render(true)
    for (const label of ['Data requests', 'Buyers and Returns', 'Analytics and Experiments', 'Activity log'])
      expect(html).toContain(`>${label}</label>`)
  })

  it('marks scripts and users as equivalent to full admin access, tied to their checkbox', () => {
    const html = render(true)
    for (const label of ['Scripts', 'Users']) {
      const input = checkbox(html, label)
      const note = /aria-describedby="([^"]+)"/.exec(input)?.[1]
      expect(note, label).toBeTruthy()
      expect(html).toMatch(new RegExp(`<p id="${note}"[^>]*>Equivalent to full admin access: [^<]+\\.</p>`))
      expect(input).not.toMatch(/\sdisabled=/)
    }
    expect(checkbox(html, 'Leads')).not.toContain('aria-describedby')
    expect(checkbox(html, 'Leads')).toContain('checked')
  })

  it('offers scripts and users disabled, and says why, to someone who is not an admin', () => {
    const html = render(false)
    for (const label of ['Scripts', 'Users']) expect(checkbox(html, label), label).toMatch(/\sdisabled=/)
    expect(html.match(/Only an admin can grant it\./g)).toHaveLength(2)
    expect(checkbox(html, 'Leads')).not.toMatch(/\sdisabled=/)
  })

  it('lists only what the role does not already give', () => {
    expect(render(true)).not.toContain(`>${permissionLabel('pages')}</label>`)
    expect(render(true)).toContain(`>${permissionLabel('buyers')}</label>`)
    expect(render(true, 'admin')).toContain('Admins hold every permission.')
  })
})
