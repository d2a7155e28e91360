import { QueryClient, type QueryFunction } from '@tanstack/react-query'

export class ApiError extends Error {
  readonly status: number
  /** 403 `{ reauthenticate: true }`: the change needs a fresh sign-in (docs/decisions/0053). */
  readonly reauthenticate: boolean
  constructor(status: number, message: string, reauthenticate = false) {
    super(message)
    this.status = status
    this.reauthenticate = reauthenticate
  }
}

/** SPEC section 8: a failed call's message is "status: body text" (or the status text). */
async function failure(response: Response): Promise<ApiError> {
  const text = await response.text()
  // Held at enrolment by the second-factor policy (say, it was just turned on): to the account page.
  if (
    response.status === 403 &&
    typeof window !== 'undefined' &&
    window.location.pathname !== '/admin/account' &&
    /"enrol":true/.test(text)
  )
    window.location.assign('/admin/account?enrol=1')
  const reauthenticate = response.status === 403 && /"reauthenticate":true/.test(text)
  return new ApiError(response.status, `${response.status}: ${text || response.statusText}`, reauthenticate)
}

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers:
      body === undefined
        ? { Accept: 'application/json' }
        : { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw await failure(response)
  // 204 No Content (a delete) has no body to parse.
  if (response.status === 204) return undefined as T
  return (await response.json()) as T
}

/** Data loads: GET with the query key as the URL. A 401 yields no data (null) instead of failing. */
export const getQueryFn: QueryFunction = async ({ queryKey }) => {
  const response = await fetch(String(queryKey[0]), {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  })
  if (response.status === 401) return null
  if (!response.ok) {
    const error = await failure(response)
    console.error('Failed to load', queryKey[0], error.message)
    throw error
  }
  return response.json()
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn,
        staleTime: 300_000,
        retry: false,
        refetchInterval: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  })
}

/** Lists: anything that is not an array counts as empty. */
export function asList<T>(data: unknown): T[] {
  return Array.isArray(data) ? (data as T[]) : []
}
