import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The layout docs/architecture.md describes, held against the tree: six areas and compose under
 * server/, each area used only through its face (index.ts), a platform that knows no domain, and
 * every table written from the one area that owns it.
 */
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const AREAS = ['platform', 'identity', 'site', 'leads', 'sales', 'insight'] as const
const COMPOSE = 'compose'
const doc = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8')

function filesUnder(dir: string): string[] {
  const out: string[] = []
  const walk = (d: string) => {
    for (const e of fs.readdirSync(path.join(root, d), { withFileTypes: true })) {
      const p = `${d}/${e.name}`
      if (e.isDirectory()) {
        if (!['node_modules', 'build', '.react-router', '.tmp'].includes(e.name)) walk(p)
      } else if (/\.(ts|tsx)$/.test(e.name)) out.push(p)
    }
  }
  if (fs.existsSync(path.join(root, dir))) walk(dir)
  return out
}

const sources = [
  ...['app', 'core', 'server', 'tests', 'bench', 'scripts', 'docs'].flatMap(filesUnder),
  ...fs.readdirSync(root).filter((f) => /\.ts$/.test(f)),
]

/** Every relative module a file names: static and dynamic imports, re-exports, `typeof import()`. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8')
  const specs = [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g),
    ...text.matchAll(/(?:^|\n)\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/g),
    ...text.matchAll(/\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g),
  ].map((m) => m[1] as string)
  return specs.map((s) => path.posix.normalize(path.posix.join(path.posix.dirname(file), s)))
}

const areaOf = (file: string) => /^server\/([^/]+)\//.exec(file)?.[1]
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('tests/')
const edges = sources.flatMap((from) => importsOf(from).map((to) => ({ from, to })))

describe('the layout of server/', () => {
  it('holds the six areas and compose, and nothing else', () => {
    const entries = fs.readdirSync(path.join(root, 'server'), { withFileTypes: true })
    expect(entries.filter((e) => !e.isDirectory()).map((e) => e.name)).toEqual([])
    expect(entries.map((e) => e.name).sort()).toEqual([...AREAS, COMPOSE].sort())
  })

  it('gives every area and compose a face, and the document names each', () => {
    for (const area of [...AREAS, COMPOSE]) {
      expect(fs.existsSync(path.join(root, 'server', area, 'index.ts')), area).toBe(true)
      expect(doc, area).toContain(`server/${area}/`)
    }
  })
})

describe('imports between areas', () => {
  it('reach another area only through its face', () => {
    const past = edges.filter(({ from, to }) => {
      const target = areaOf(to)
      if (!target || target === areaOf(from)) return false
      // The built bundle's entry, named by the process entry and the tests' loaders (type only).
      if (to === 'server/compose/app.ts') return false
      return to !== `server/${target}/index.ts`
    })
    expect(past.map(({ from, to }) => `${from} -> ${to}`)).toEqual([])
  })

  it('keep the platform free of every domain', () => {
    const domain = edges.filter(
      ({ from, to }) =>
        areaOf(from) === 'platform' &&
        !isTest(from) &&
        (to.startsWith('app/') || (areaOf(to) ?? 'platform') !== 'platform'),
    )
    expect(domain.map(({ from, to }) => `${from} -> ${to}`)).toEqual([])
  })

  it('leave compose to the process entry, the scripts and the tests', () => {
    const up = edges.filter(
      ({ from, to }) => areaOf(to) === COMPOSE && areaOf(from) !== COMPOSE && from.startsWith('server/'),
    )
    expect(up.map(({ from, to }) => `${from} -> ${to}`)).toEqual([])
  })

  // Compose hands the app's block renderer to the pages API; core's tests may hold it against app/.
  it('never reach from an area into app/, nor from core/ into either', () => {
    const wrong = edges.filter(
      ({ from, to }) =>
        (from.startsWith('server/') && areaOf(from) !== COMPOSE && to.startsWith('app/')) ||
        (from.startsWith('core/') && !isTest(from) && (to.startsWith('server/') || to.startsWith('app/'))),
    )
    expect(wrong.map(({ from, to }) => `${from} -> ${to}`)).toEqual([])
  })
})

/** Which areas write each table (Kysely's insert, update and delete, and SQL text), outside tests and migrations. */
function writers(): Map<string, Set<string>> {
  const byTable = new Map<string, Set<string>>()
  const write =
    /\b(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*['"]([A-Za-z_]+)['"]|\b(?:INSERT INTO|UPDATE|DELETE FROM)\s+([a-z_]+)\b/g
  for (const file of filesUnder('server')) {
    if (isTest(file) || file.includes('/migrations/')) continue
    const area = areaOf(file) as string
    for (const m of fs.readFileSync(path.join(root, file), 'utf8').matchAll(write)) {
      const table = (m[1] ?? m[2] ?? '').replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())
      if (!byTable.has(table)) byTable.set(table, new Set())
      byTable.get(table)?.add(area)
    }
  }
  return byTable
}

describe('the tables', () => {
  const byTable = writers()

  it('are each written from one area', () => {
    const shared = [...byTable]
      .filter(([, areas]) => areas.size > 1)
      .map(([t, a]) => `${t}: ${[...a].join(', ')}`)
    expect(shared).toEqual([])
  })

  it('are listed in the document under the area that writes them', () => {
    const listed = new Map(
      [...doc.matchAll(/^\| `([A-Za-z]+)` \| (\w+) \|/gm)].map((m) => [m[1] as string, m[2] as string]),
    )
    const wrong = [...byTable]
      .filter(([table, areas]) => listed.get(table) !== [...areas][0])
      .map(
        ([table, areas]) =>
          `${table}: written from ${[...areas].join(', ')}, listed under ${listed.get(table)}`,
      )
    expect(wrong).toEqual([])
  })
})
