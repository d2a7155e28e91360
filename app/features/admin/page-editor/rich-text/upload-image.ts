/** Built by the upload work: multipart fields image, alt, className; answers JSON `{ htmlSnippet }`. */
export const UPLOAD_IMAGE_URL = '/api/admin/upload-image'

export type ImageUpload = { file: Blob; fileName?: string; alt: string; className: string }

export class UploadError extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError'

function readSnippet(body: string): string | null {
  try {
    const answer = JSON.parse(body) as { htmlSnippet?: unknown }
    return typeof answer.htmlSnippet === 'string' && answer.htmlSnippet ? answer.htmlSnippet : null
  } catch {
    return null
  }
}

/**
 * Sends an image with XMLHttpRequest (fetch cannot report upload progress) and resolves with the
 * HTML snippet to insert. `onProgress` gets whole percentages; `abort` rejects with an AbortError.
 */
export function uploadImage(
  upload: ImageUpload,
  onProgress: (percent: number) => void,
  createRequest: () => XMLHttpRequest = () => new XMLHttpRequest(),
): { done: Promise<string>; abort: () => void } {
  const request = createRequest()
  const done = new Promise<string>((resolve, reject) => {
    request.open('POST', UPLOAD_IMAGE_URL)
    request.withCredentials = true
    request.setRequestHeader('Accept', 'application/json')
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)))
      }
    }
    request.onload = () => {
      const snippet = request.status >= 200 && request.status < 300 ? readSnippet(request.responseText) : null
      if (snippet) {
        onProgress(100)
        resolve(snippet)
      } else {
        // SPEC section 8: "status: body text (or the status text)".
        reject(
          new UploadError(request.status, `${request.status}: ${request.responseText || request.statusText}`),
        )
      }
    }
    request.onerror = () => reject(new UploadError(0, 'The upload could not reach the server'))
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'))
    const body = new FormData()
    body.append(
      'image',
      upload.file,
      upload.fileName ?? (upload.file instanceof File ? upload.file.name : 'image'),
    )
    body.append('alt', upload.alt)
    body.append('className', upload.className)
    request.send(body)
  })
  return { done, abort: () => request.abort() }
}
