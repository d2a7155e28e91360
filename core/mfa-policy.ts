import type { Role } from './permissions.ts'

/**
 * Who must have a second factor (docs/decisions/0043-second-factors.md): nobody (a fresh install),
 * every member of staff, or the accounts of the listed roles. Buyers' accounts (docs/decisions/0053)
 * are covered only when `buyer` is listed: `all` means all staff, as it did before buyers could enrol.
 */
export type MfaPolicy = { mode: 'off' } | { mode: 'all' } | { mode: 'roles'; roles: MfaRole[] }

export const mfaRoles = ['admin', 'editor', 'buyer'] as const
export type MfaRole = (typeof mfaRoles)[number]

export const MFA_POLICY_OFF: MfaPolicy = { mode: 'off' }

/** Whether the policy asks an account of this role for a second factor. */
export function policyCovers(policy: MfaPolicy, role: Role | string): boolean {
  if (policy.mode === 'all') return role !== 'buyer'
  if (policy.mode === 'roles') return (policy.roles as string[]).includes(role)
  return false
}

/** Whether an account must enrol before it may use anything else. */
export function mustEnrol(policy: MfaPolicy, role: Role | string, hasFactor: boolean): boolean {
  return !hasFactor && policyCovers(policy, role)
}

export const ENROL_REQUIRED =
  'Your organisation requires a second factor: add a passkey or an authenticator app on your account page first'
export const LAST_FACTOR_REQUIRED =
  'Your organisation requires a second factor: add another passkey or an authenticator app before removing this one'
