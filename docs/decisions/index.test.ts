import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const folder = path.dirname(new URL(import.meta.url).pathname)
const records = fs.readdirSync(folder).filter((name) => /^\d{4}-.+\.md$/.test(name))
const index = fs.readFileSync(path.join(folder, 'README.md'), 'utf8')

describe('the decision records index', () => {
  it('lists every record once, by its number and file', () => {
    const missing = records.filter(
      (name) => !index.includes(`| ${name.slice(0, 4)} | [`) || !index.includes(`](${name})`),
    )
    expect(missing).toEqual([])
  })

  it('numbers each record once', () => {
    const numbers = records.map((name) => name.slice(0, 4))
    expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual([])
  })
})
