import { toast } from '../../components/ui/use-toast.ts'
import { apiRequest } from './api.ts'
import { serverMessage } from './use-admin-mutation.ts'

export type PreviewLink = { path: string; url: string; expiresAt: string }

/**
 * Asks the server for a signed preview link (`endpoint`: a page's or a variant's preview-links) and
 * opens it in a new tab. The tab is opened at the click, before the answer, so no popup blocker
 * stops it; it is cut from this window (no `opener`) before it loads the preview.
 */
export async function openPreview(endpoint: string, body: unknown = {}): Promise<void> {
  const tab = window.open('', '_blank')
  if (tab) tab.opener = null
  try {
    const link = await apiRequest<PreviewLink>('POST', endpoint, body)
    if (tab) tab.location.href = link.path
    else window.location.assign(link.path)
  } catch (error) {
    tab?.close()
    toast({
      variant: 'destructive',
      title: 'Could not open the preview',
      description: serverMessage(error) ?? 'Please try again',
    })
  }
}
