import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { toast } from '../../components/ui/use-toast.ts'
import { ApiError } from './api.ts'
import { needsReauthentication, useReauthenticate } from './reauthenticate.ts'

type ToastText = { title: string; description?: ReactNode }

/** The server's own words for a failed call: the `message` of its JSON body, else its text. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined
  const text = error.message.replace(/^\d{3}: /, '')
  try {
    const body = JSON.parse(text) as { message?: unknown }
    return typeof body.message === 'string' ? body.message : text
  } catch {
    return text || undefined
  }
}

/**
 * An admin change: runs `request`, refetches the lists it touches (SPEC section 4), and says how it
 * went in a toast (SPEC section 8). Errors still reach the caller (a dialog may keep what was typed).
 * A change that needs a fresh sign-in asks for the password or a code, then runs again.
 */
export function useAdminMutation<Vars, Result>({
  request,
  invalidate,
  success,
  failure,
}: {
  request: (vars: Vars) => Promise<Result>
  invalidate: string[]
  success?: (result: Result, vars: Vars) => ToastText | null
  failure: (error: unknown, vars: Vars) => ToastText
}) {
  const client = useQueryClient()
  const reauthenticate = useReauthenticate()
  return useMutation({
    mutationFn: async (vars: Vars) => {
      try {
        return await request(vars)
      } catch (error) {
        if (reauthenticate && needsReauthentication(error) && (await reauthenticate())) return request(vars)
        throw error
      }
    },
    onSuccess: async (result, vars) => {
      await Promise.all(
        invalidate.map((key) =>
          client.invalidateQueries({
            predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(key),
          }),
        ),
      )
      const text = success?.(result, vars)
      if (text) toast(text)
    },
    onError: (error, vars) => {
      toast({ variant: 'destructive', ...failure(error, vars) })
    },
  })
}
