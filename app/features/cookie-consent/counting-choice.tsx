import { type FormEvent, useEffect, useState } from 'react'
import {
  type CountingChoice as Choice,
  COUNTING_ANCHOR,
  COUNTING_PATH,
  countingChoice,
  NO_COUNT_COOKIE,
  noCountCookie,
} from '../../../core/counting.ts'

const buttonClass =
  'inline-flex min-h-11 items-center rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700'

const messages: Record<'counted' | 'objected' | 'counted-again', string> = {
  counted: 'Your visits are counted as described above, without cookies or storage on your device.',
  objected: `We don't count your visits from this browser. This choice is kept for a year in the ${NO_COUNT_COOKIE} cookie.`,
  'counted-again': 'Done: we count your visits from this browser again.',
}

/**
 * "Don't count my visits" (docs/decisions/0077-objecting-to-counting.md): a plain form that posts
 * to the server, which sets the strictly necessary cookie and sends the visitor back here; once
 * the page's script runs, the same button sets the cookie in place. The cached page is the same
 * for everyone (`choice` null); a request carrying the cookie renders this page for itself, and
 * the script reads the cookie and Global Privacy Control to show the current state.
 */
export function CountingChoice({ choice = null, returnTo }: { choice?: Choice; returnTo: string }) {
  const [state, setState] = useState<Choice>(choice)
  const [gpc, setGpc] = useState(false)

  useEffect(() => {
    setState(countingChoice(document.cookie))
    setGpc((navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true)
  }, [])

  const objected = state === 'objected'
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const count = objected ? 'on' : 'off'
    // biome-ignore lint/suspicious/noDocumentCookie: the choice is this cookie, set as the server sets it
    document.cookie = noCountCookie(count, window.location.protocol === 'https:')
    setState(count === 'off' ? 'objected' : 'counted-again')
  }

  return (
    <div id={COUNTING_ANCHOR} className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <p role="status" data-testid="counting-state" className="font-medium text-slate-900">
        {messages[state ?? 'counted']}
      </p>
      {gpc && (
        <p data-testid="counting-gpc">
          Your browser sends Global Privacy Control, so we don&apos;t count your visits whatever you choose
          here.
        </p>
      )}
      <form method="post" action={COUNTING_PATH} onSubmit={submit}>
        <input type="hidden" name="returnTo" value={returnTo} />
        <input type="hidden" name="count" value={objected ? 'on' : 'off'} />
        <button type="submit" className={buttonClass}>
          {objected ? 'Count my visits again' : "Don't count my visits"}
        </button>
      </form>
    </div>
  )
}
