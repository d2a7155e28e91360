import { describe, expect, it } from 'vitest'
import { isAbort, UPLOAD_IMAGE_URL, UploadError, uploadImage } from './upload-image.ts'

/** Enough of XMLHttpRequest to see what is sent and to answer. */
class FakeRequest {
  method = ''
  url = ''
  headers: Record<string, string> = {}
  withCredentials = false
  body: FormData | null = null
  status = 0
  statusText = ''
  responseText = ''
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: FormData) {
    this.body = body
  }
  abort() {
    this.onabort?.()
  }
  answer(status: number, body: string) {
    this.status = status
    this.responseText = body
    this.onload?.()
  }
}

function start() {
  const request = new FakeRequest()
  const progress: number[] = []
  const file = new File(['png'], 'photo.png', { type: 'image/png' })
  const upload = uploadImage(
    { file, alt: 'A car', className: 'rounded wide' },
    (p) => progress.push(p),
    () => request as unknown as XMLHttpRequest,
  )
  return { request, progress, upload, file }
}

describe('uploadImage', () => {
  it('posts the image, alt and className as multipart form data, with the session cookie', () => {
    const { request, file } = start()
    expect(request.method).toBe('POST')
    expect(request.url).toBe(UPLOAD_IMAGE_URL)
    expect(UPLOAD_IMAGE_URL).toBe('/api/admin/upload-image')
    expect(request.withCredentials).toBe(true)
    const image = request.body?.get('image')
    expect(image).toBeInstanceOf(File)
    expect((image as File).name).toBe(file.name)
    expect(request.body?.get('alt')).toBe('A car')
    expect(request.body?.get('className')).toBe('rounded wide')
  })

  it('reports progress in whole percentages and resolves with the htmlSnippet', async () => {
    const { request, progress, upload } = start()
    request.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 3 })
    request.upload.onprogress?.({ lengthComputable: false, loaded: 2, total: 0 })
    request.answer(200, JSON.stringify({ htmlSnippet: '<img src="/u/a.webp" alt="A car">' }))
    await expect(upload.done).resolves.toBe('<img src="/u/a.webp" alt="A car">')
    expect(progress).toEqual([33, 100])
  })

  it('fails with the status and body text when the server refuses', async () => {
    const { request, upload } = start()
    request.answer(413, 'Too large')
    await expect(upload.done).rejects.toEqual(new UploadError(413, '413: Too large'))
  })

  it('fails when a success carries no snippet', async () => {
    const { request, upload } = start()
    request.answer(200, '{}')
    await expect(upload.done).rejects.toBeInstanceOf(UploadError)
  })

  it('fails on a network error, and rejects with an AbortError when cancelled', async () => {
    const failed = start()
    failed.request.onerror?.()
    await expect(failed.upload.done).rejects.toBeInstanceOf(UploadError)
    const cancelled = start()
    cancelled.upload.abort()
    const error = await cancelled.upload.done.catch((e: unknown) => e)
    expect(isAbort(error)).toBe(true)
  })
})
