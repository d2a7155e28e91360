import { Copy, Download, RefreshCw } from 'lucide-react'
import { useState } from 'react'
import type { SecurityView } from '../../../core/schemas/mfa.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Card } from '../../components/ui/card.tsx'
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx'
import { apiRequest } from '../admin/api.ts'
import { serverMessage, useAdminMutation } from '../admin/use-admin-mutation.ts'
import { useAccountApi } from './security-api.ts'

function download(codes: string[]) {
  const blob = new Blob([`Recovery codes (each works once)\n\n${codes.join('\n')}\n`], { type: 'text/plain' })
  const link = document.createElement('a')
  link.href = URL.createObjectURL(blob)
  link.download = 'recovery-codes.txt'
  link.click()
  URL.revokeObjectURL(link.href)
}

export function RecoveryCodesCard({
  codes,
  shown,
  onShown,
}: {
  codes: SecurityView['recoveryCodes']
  /** Codes just issued (generated here, or with the first factor), shown until saved. */
  shown: string[] | null
  onShown: (codes: string[] | null) => void
}) {
  const [confirming, setConfirming] = useState(false)
  const { account, security } = useAccountApi()
  // "Copied" belongs to the codes that were copied: new codes, from here or with a factor, are not.
  const [copiedCodes, setCopiedCodes] = useState<string[] | null>(null)
  const copied = shown !== null && copiedCodes === shown
  const generate = useAdminMutation({
    request: () => apiRequest<{ codes: string[] }>('POST', `${account}/recovery-codes`, {}),
    invalidate: [security],
    success: () => ({ title: 'Recovery codes generated', description: 'Keep them somewhere safe.' }),
    failure: (e) => ({ title: 'Not generated', description: serverMessage(e) ?? 'Please try again.' }),
  })
  const run = () =>
    generate.mutate(undefined, {
      onSuccess: (answer) => onShown(answer.codes),
      onSettled: () => setConfirming(false),
    })
  return (
    <Card
      title="Recovery codes"
      description="Ten one-time codes for when your passkey or phone is not at hand."
    >
      <div className="grid gap-3">
        <p className="text-slate-700 text-sm" data-testid="recovery-remaining">
          {codes.total === 0 ? 'No recovery codes yet.' : `${codes.remaining} of ${codes.total} codes left.`}
        </p>
        {shown ? (
          <div className="grid gap-3">
            <Alert tone="warning">
              Save these codes now: they are shown only once. Each one works a single time.
            </Alert>
            <ol
              className="grid grid-cols-2 gap-2 font-mono text-slate-900"
              aria-label="Your new recovery codes"
            >
              {shown.map((code) => (
                <li key={code} className="rounded bg-slate-100 px-2 py-1">
                  {code}
                </li>
              ))}
            </ol>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                size="sm"
                onClick={async () => {
                  await navigator.clipboard.writeText(shown.join('\n'))
                  setCopiedCodes(shown)
                }}
              >
                <Copy className="size-4" aria-hidden="true" />
                {copied ? 'Copied' : 'Copy'}
              </Button>
              <Button variant="secondary" size="sm" onClick={() => download(shown)}>
                <Download className="size-4" aria-hidden="true" />
                Download
              </Button>
              <Button variant="secondary" size="sm" onClick={() => onShown(null)}>
                I have saved them
              </Button>
            </div>
          </div>
        ) : null}
        <div>
          <Button
            variant={codes.total === 0 ? 'primary' : 'secondary'}
            onClick={() => (codes.total === 0 ? run() : setConfirming(true))}
            disabled={generate.isPending}
          >
            <RefreshCw className="size-4" aria-hidden="true" />
            {codes.total === 0 ? 'Generate recovery codes' : 'Regenerate recovery codes'}
          </Button>
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Replace your recovery codes?"
          description="Your current codes stop working and ten new ones are shown."
          confirmLabel="Replace codes"
          pending={generate.isPending}
          onConfirm={run}
        />
      </div>
    </Card>
  )
}
