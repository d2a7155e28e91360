import { expect } from 'vitest'

export type Row = Record<string, unknown>

/** Asserts the API's error shape: exactly `{ message }`, with this status and message. */
export async function expectError(response: Response, status: number, message?: string | RegExp) {
  expect(response.status, await response.clone().text()).toBe(status)
  const body = (await response.json()) as { message: string }
  expect(Object.keys(body)).toEqual(['message'])
  if (typeof message === 'string') expect(body.message).toBe(message)
  else if (message) expect(body.message).toMatch(message)
}

/** The JSON body of a response that must have this status (200 by default). */
export async function ok(response: Response, status = 200): Promise<Row> {
  expect(response.status, await response.clone().text()).toBe(status)
  return (await response.json()) as Row
}

export const created = (response: Response) => ok(response, 201)
