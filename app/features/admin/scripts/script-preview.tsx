import type { scriptConsentCategories } from '../../../../core/consent.ts'
import { scriptInjection } from '../../../../core/script-injection.ts'
import { checkScriptMarkup } from '../../../../core/script-markup.ts'
import { vendorTag } from '../../../../core/script-vendors.ts'

type Category = (typeof scriptConsentCategories)[number]

const gateLabels: Record<Exclude<Category, 'none'>, string> = {
  analytics: 'Analytics',
  marketing: 'Marketing',
  preferences: 'Preferences',
}

function Slot({ title, markup }: { title: string; markup: string }) {
  return (
    <div className="grid gap-1">
      <dt className="font-medium text-slate-800 text-sm">{title}</dt>
      <dd>
        {markup ? (
          <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-100 p-2 font-mono text-slate-900 text-xs">
            <code>{markup}</code>
          </pre>
        ) : (
          <span className="text-slate-600 text-sm">Nothing</span>
        )}
      </dd>
    </div>
  )
}

/**
 * The exact markup the entry adds to every public page, by place, and the consent it waits for:
 * drawn by the same function that renders the pages (core/script-injection.ts).
 */
export function ScriptPreview({
  script,
  position,
  consentCategory,
}: {
  script: string
  position: string
  consentCategory: Category | ''
}) {
  const body = (() => {
    if (script.trim() === '')
      return <p className="text-slate-600 text-sm">Paste the code or a tag ID to see it here.</p>
    const tag = vendorTag(script)
    if (consentCategory === '') {
      const checked = tag ? null : checkScriptMarkup(script)
      return (
        <p className="text-slate-700 text-sm">
          {checked && !checked.ok
            ? `Nothing will be added: ${checked.message}.`
            : `${tag ? `${tag.vendor.label} ${tag.id}. ` : ''}Choose a consent category to see what is added.`}
        </p>
      )
    }
    const injection = scriptInjection({ script, position, consentCategory })
    if (!injection.ok) {
      return <p className="text-red-800 text-sm">Nothing will be added: {injection.message}.</p>
    }
    return (
      <>
        {injection.vendor ? (
          <p className="text-slate-700 text-sm">
            {injection.vendor.vendor.label} {injection.vendor.id}: sent as the vendor's standard snippet, in
            the head.
          </p>
        ) : null}
        <p className="text-slate-700 text-sm">
          {injection.gate
            ? `Waits for ${gateLabels[injection.gate]} consent: the scripts are sent inert and run only after the visitor accepts ${gateLabels[injection.gate]} cookies.`
            : 'Essential: runs for every visitor without asking.'}{' '}
          Each script also gets the page's security nonce.
        </p>
        <dl className="grid gap-3">
          <Slot title="Head (before </head>)" markup={injection.head} />
          <Slot title="Body start (after <body>)" markup="" />
          <Slot title="Body end (before </body>)" markup={injection.bodyEnd} />
        </dl>
        {injection.leftOut ? (
          <div className="grid gap-1">
            <p className="text-slate-700 text-sm">
              Not sent: this {'<noscript>'} fallback would run for visitors without JavaScript, who cannot
              have given consent.
            </p>
            <pre className="overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 font-mono text-slate-700 text-xs">
              <code>{injection.leftOut}</code>
            </pre>
          </div>
        ) : null}
      </>
    )
  })()
  return (
    <section
      aria-labelledby="script-preview-title"
      className="grid gap-3 rounded-lg border border-slate-200 p-3"
    >
      <h3 id="script-preview-title" className="font-semibold text-slate-900 text-sm">
        Preview: what every public page gets
      </h3>
      {body}
    </section>
  )
}
