import type { MediaItem } from '../../../../core/schemas/media.ts'
import { uploadWithProgress } from '../upload-with-progress.ts'

export type { MediaItem }

export const MEDIA_URL = '/api/admin/media'

/** The list's URL for a search and the unused filter. */
export function mediaListUrl(q: string, unusedOnly: boolean) {
  const params = new URLSearchParams()
  if (q.trim()) params.set('q', q.trim())
  if (unusedOnly) params.set('unused', '1')
  const query = params.toString()
  return query ? `${MEDIA_URL}?${query}` : MEDIA_URL
}

/** The server's `{message}`, else the status line (SPEC section 8). */
function failureMessage(request: XMLHttpRequest): string {
  try {
    const body = JSON.parse(request.responseText) as { message?: unknown }
    if (typeof body.message === 'string') return body.message
  } catch {
    // not JSON: fall through
  }
  return request.status === 0
    ? 'The upload could not reach the server'
    : `${request.status}: ${request.responseText || request.statusText}`
}

/**
 * Uploads one file into the library with XMLHttpRequest (fetch cannot report upload progress);
 * `onProgress` gets whole percentages. Resolves with the library item (a file already there
 * resolves with the item it already is).
 */
function readItem(text: string): MediaItem | null {
  try {
    return JSON.parse(text) as MediaItem
  } catch {
    return null
  }
}

export function uploadToLibrary(
  file: File,
  onProgress: (percent: number) => void,
  alt = '',
): { done: Promise<MediaItem>; abort: () => void } {
  const body = new FormData()
  body.append('image', file, file.name)
  body.append('alt', alt)
  return uploadWithProgress({
    url: MEDIA_URL,
    body,
    onProgress,
    accept: readItem,
    refused: failureMessage,
  })
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** The smallest rendition: enough for a preview. */
export const previewUrl = (item: MediaItem) => item.renditions[0]?.url ?? item.url
