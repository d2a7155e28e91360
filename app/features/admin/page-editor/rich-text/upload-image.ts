import { isAbort, UploadError, uploadWithProgress } from '../../upload-with-progress.ts'

/** Built by the upload work: multipart fields image, alt, className; answers JSON `{ htmlSnippet }`. */
export const UPLOAD_IMAGE_URL = '/api/admin/upload-image'

export type ImageUpload = { file: Blob; fileName?: string; alt: string; className: string }

export { isAbort, UploadError }

function readSnippet(body: string): string | null {
  try {
    const answer = JSON.parse(body) as { htmlSnippet?: unknown }
    return typeof answer.htmlSnippet === 'string' && answer.htmlSnippet ? answer.htmlSnippet : null
  } catch {
    return null
  }
}

/**
 * Sends an image and resolves with the HTML snippet to insert. `onProgress` gets whole percentages;
 * `abort` rejects with an AbortError.
 */
export function uploadImage(
  upload: ImageUpload,
  onProgress: (percent: number) => void,
  createRequest: () => XMLHttpRequest = () => new XMLHttpRequest(),
): { done: Promise<string>; abort: () => void } {
  const body = new FormData()
  body.append(
    'image',
    upload.file,
    upload.fileName ?? (upload.file instanceof File ? upload.file.name : 'image'),
  )
  body.append('alt', upload.alt)
  body.append('className', upload.className)
  return uploadWithProgress({
    url: UPLOAD_IMAGE_URL,
    body,
    onProgress,
    accept: readSnippet,
    // SPEC section 8: "status: body text (or the status text)".
    refused: (request) => `${request.status}: ${request.responseText || request.statusText}`,
    createRequest,
  })
}
