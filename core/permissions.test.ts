import { describe, expect, it } from 'vitest'
import {
  adminEquivalentPermissions,
  effectivePermissions,
  hasAdminAccess,
  isAdminEquivalentPermission,
  isRole,
  permissions,
  rolePermissions,
  roles,
  staffRoles,
} from './permissions.ts'

const ALL = [
  'pages',
  'redirects',
  'scripts',
  'settings',
  'leads',
  'users',
  'activity',
  'subjects',
  'webhooks',
  'questionnaire',
  'buyers',
  'analytics',
  'conversions',
]

describe('roles and permissions', () => {
  it('has two staff roles, the buyer role and thirteen permissions', () => {
    expect([...staffRoles]).toEqual(['admin', 'editor'])
    expect([...roles]).toEqual(['admin', 'editor', 'buyer'])
    expect([...permissions]).toEqual(ALL)
  })

  it('gives admins everything and editors pages and redirects only', () => {
    expect([...rolePermissions.admin]).toEqual(ALL)
    expect([...rolePermissions.editor]).toEqual(['pages', 'redirects'])
    expect([...rolePermissions.buyer]).toEqual([])
  })

  it.each([
    ['admin', true],
    ['editor', true],
    ['Admin', false],
    ['EDITOR', false],
    [' admin', false],
    ['', false],
    ['superuser', false],
    ['__proto__', false],
    ['constructor', false],
    [null, false],
    [undefined, false],
    [1, false],
    [['admin'], false],
  ])('isRole(%j) is %s', (value, expected) => {
    expect(isRole(value)).toBe(expected)
  })
})

describe('effectivePermissions', () => {
  it('is the role’s permissions when there are no extras', () => {
    expect(effectivePermissions('admin', null)).toEqual(ALL)
    expect(effectivePermissions('editor', null)).toEqual(['pages', 'redirects'])
    expect(effectivePermissions('editor', undefined)).toEqual(['pages', 'redirects'])
    expect(effectivePermissions('editor', [])).toEqual(['pages', 'redirects'])
  })

  it('adds extras granted one by one, in the canonical order, without duplicates', () => {
    expect(effectivePermissions('editor', ['leads'])).toEqual(['pages', 'redirects', 'leads'])
    expect(effectivePermissions('editor', ['users', 'pages', 'scripts'])).toEqual([
      'pages',
      'redirects',
      'scripts',
      'users',
    ])
    expect(effectivePermissions('editor', ['leads', 'leads'])).toEqual(['pages', 'redirects', 'leads'])
    expect(effectivePermissions('admin', ['pages', 'users'])).toEqual(ALL)
  })

  it('ignores junk among the extras', () => {
    expect(
      effectivePermissions('editor', [
        'root',
        'LEADS',
        ' leads',
        '',
        42,
        null,
        undefined,
        {},
        ['users'],
        true,
      ]),
    ).toEqual(['pages', 'redirects'])
    expect(effectivePermissions('editor', ['settings', '*', 'settings '])).toEqual([
      'pages',
      'redirects',
      'settings',
    ])
  })

  it('ignores extras that are not a list', () => {
    expect(effectivePermissions('editor', 'leads')).toEqual(['pages', 'redirects'])
    expect(effectivePermissions('editor', { leads: true, 0: 'users', length: 1 })).toEqual([
      'pages',
      'redirects',
    ])
    expect(effectivePermissions('editor', 7)).toEqual(['pages', 'redirects'])
    expect(effectivePermissions('editor', '["users"]')).toEqual(['pages', 'redirects'])
  })

  it('gives an unknown role nothing but its valid extras', () => {
    expect(effectivePermissions('superuser', null)).toEqual([])
    expect(effectivePermissions('Admin', null)).toEqual([])
    expect(effectivePermissions('', ['junk'])).toEqual([])
    expect(effectivePermissions('__proto__', null)).toEqual([])
    expect(effectivePermissions('viewer', ['leads', 'nope'])).toEqual(['leads'])
  })

  it('returns a new list each time, so callers cannot change a role', () => {
    const list = effectivePermissions('editor', null)
    list.push('users')
    expect(effectivePermissions('editor', null)).toEqual(['pages', 'redirects'])
    expect([...rolePermissions.editor]).toEqual(['pages', 'redirects'])
  })
})

describe('permissions equivalent to admin', () => {
  it('are scripts and users, each with a note saying so', () => {
    expect(Object.keys(adminEquivalentPermissions)).toEqual(['scripts', 'users'])
    for (const note of Object.values(adminEquivalentPermissions)) {
      expect(note).toMatch(/^Equivalent to full admin access: /)
    }
    expect(permissions.filter(isAdminEquivalentPermission)).toEqual(['scripts', 'users'])
    expect(isAdminEquivalentPermission('__proto__')).toBe(false)
  })

  it.each([
    ['admin', null, true],
    ['editor', null, false],
    ['editor', ['leads', 'settings', 'webhooks', 'subjects', 'activity', 'questionnaire'], false],
    ['editor', ['scripts'], true],
    ['editor', ['users'], true],
    ['editor', ['pages', 'users'], true],
    ['editor', ['unknown'], false],
    ['superuser', ['scripts'], true],
    ['superuser', null, false],
  ])('hasAdminAccess(%s, %j) is %s', (role, extra, expected) => {
    expect(hasAdminAccess(role, extra)).toBe(expected)
  })
})
