/** An upload refused by the server (its status) or that never reached it (status 0). */
export class UploadError extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError'

/**
 * Posts a form with XMLHttpRequest (fetch cannot report upload progress). `onProgress` gets whole
 * percentages; `accept` turns a 2xx answer's body into the result, or null when it is not one;
 * `refused` words any other answer. `abort` rejects with an AbortError.
 */
export function uploadWithProgress<T>({
  url,
  body,
  onProgress,
  accept,
  refused,
  createRequest = () => new XMLHttpRequest(),
}: {
  url: string
  body: FormData
  onProgress: (percent: number) => void
  accept: (responseText: string) => T | null
  refused: (request: XMLHttpRequest) => string
  createRequest?: () => XMLHttpRequest
}): { done: Promise<T>; abort: () => void } {
  const request = createRequest()
  const done = new Promise<T>((resolve, reject) => {
    request.open('POST', url)
    request.withCredentials = true
    request.setRequestHeader('Accept', 'application/json')
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)))
      }
    }
    request.onload = () => {
      const result = request.status >= 200 && request.status < 300 ? accept(request.responseText) : null
      if (result !== null) {
        onProgress(100)
        resolve(result)
      } else {
        reject(new UploadError(request.status, refused(request)))
      }
    }
    request.onerror = () => reject(new UploadError(0, 'The upload could not reach the server'))
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'))
    request.send(body)
  })
  return { done, abort: () => request.abort() }
}
