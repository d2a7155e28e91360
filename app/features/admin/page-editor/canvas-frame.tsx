import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { contentClasses } from '../../blocks/block-view.tsx'
import { frameScale, frameWidth } from './canvas-geometry.ts'

export type CanvasViewport = { name: string; width: number | null }

const COPIED = 'data-canvas-copy'

// The public page's own document: <html lang>, a title, and (content-page.tsx) the main and content
// containers its widgets sit in, so the site's CSS and media queries apply as on /{slug}.
const SKELETON = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page canvas</title></head><body class="flow-root"></body></html>`

/** The admin page's stylesheets (the linked app sheet, and in development Vite's style elements). */
function copyStylesheets(from: Document, to: Document): Promise<unknown> {
  for (const old of to.head.querySelectorAll(`[${COPIED}]`)) old.remove()
  const loads: Promise<unknown>[] = []
  for (const node of from.head.querySelectorAll('link[rel="stylesheet"], style')) {
    const copy = to.importNode(node, true) as HTMLElement
    copy.setAttribute(COPIED, '')
    if (copy.tagName === 'LINK') {
      loads.push(
        new Promise((resolve) => {
          copy.addEventListener('load', resolve, { once: true })
          copy.addEventListener('error', resolve, { once: true })
        }),
      )
    }
    to.head.append(copy)
  }
  return Promise.all(loads)
}

/**
 * The canvas in its own document: an iframe holding the site's CSS, exactly as wide as the device
 * (768 or 375 CSS px; on desktop all the room there is) and scaled down, never clamped, when the
 * room is narrower. Its height follows its content so the builder's area scrolls, not the frame.
 * `children` render into the frame through a portal: one React tree, so state, events and undo
 * history cross the boundary (docs/decisions/0040-canvas-frame.md).
 */
export function CanvasFrame({
  viewport,
  onDocument,
  children,
}: {
  viewport: CanvasViewport
  onDocument?: (doc: Document | null) => void
  children: ReactNode
}) {
  const areaRef = useRef<HTMLElement>(null)
  const frameRef = useRef<HTMLIFrameElement>(null)
  const [mount, setMount] = useState<HTMLElement | null>(null)
  const [available, setAvailable] = useState(0)
  const [height, setHeight] = useState(320)
  const onDocumentRef = useRef(onDocument)
  onDocumentRef.current = onDocument

  // The room the frame has: the area's content box, followed as panels open or the window resizes.
  useEffect(() => {
    const area = areaRef.current
    if (!area) return
    const measure = () => {
      const style = getComputedStyle(area)
      setAvailable(
        area.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
      )
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(area)
    return () => observer.disconnect()
  }, [])

  const setup = useCallback(() => {
    const doc = frameRef.current?.contentDocument
    if (!doc?.body || doc.body.dataset.canvasReady !== undefined) return
    doc.body.dataset.canvasReady = 'false'
    void copyStylesheets(document, doc).then(() => {
      // Links and forms in widgets are for the public page; in the canvas a click selects. A file
      // or link dropped outside a section must not navigate the frame away.
      const block = (event: Event) => {
        const target = event.target as Element | null
        if (event.type === 'click' ? target?.closest?.('a[href]') : true) event.preventDefault()
      }
      const blockFiles = (event: DragEvent) => {
        if (event.dataTransfer?.types.includes('Files')) event.preventDefault()
      }
      doc.addEventListener('click', block)
      doc.addEventListener('submit', block)
      doc.addEventListener('dragover', blockFiles)
      doc.addEventListener('drop', block)
      doc.body.dataset.canvasReady = 'true'
      setMount(doc.body)
    })
  }, [])

  // The frame may have loaded before this component's load handler could see it.
  useEffect(() => {
    if (frameRef.current?.contentDocument?.readyState === 'complete') setup()
  }, [setup])

  useEffect(() => {
    if (!mount) return
    onDocumentRef.current?.(mount.ownerDocument)
    return () => onDocumentRef.current?.(null)
  }, [mount])

  // Development reloads styles in place: keep the frame's copies in step.
  useEffect(() => {
    if (!mount || !import.meta.env.DEV) return
    const doc = mount.ownerDocument
    const observer = new MutationObserver(() => void copyStylesheets(document, doc))
    observer.observe(document.head, { childList: true, subtree: true, characterData: true })
    return () => observer.disconnect()
  }, [mount])

  // The frame is as tall as its content (measured once its stylesheets have loaded).
  useEffect(() => {
    if (!mount) return
    const view = mount.ownerDocument.defaultView
    if (!view) return
    const measure = () => setHeight(Math.max(Math.ceil(mount.getBoundingClientRect().height), 160))
    measure()
    const observer = new view.ResizeObserver(measure)
    observer.observe(mount)
    return () => observer.disconnect()
  }, [mount])

  const width = frameWidth(viewport.width, available)
  const scale = frameScale(width, available)

  return (
    // A region that scrolls on its own (full screen) must be reachable from the keyboard.
    <section
      ref={areaRef}
      aria-label="Canvas"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region, focusable to scroll it
      tabIndex={0}
      className="min-w-0 bg-slate-100 p-3 lg:overflow-auto"
    >
      <div
        className="mx-auto overflow-hidden bg-white shadow-sm"
        style={{ width: width ? width * scale : '100%', height: height * scale }}
        data-scale={scale}
      >
        <iframe
          ref={frameRef}
          title="Page canvas"
          data-testid="builder-canvas"
          data-viewport={viewport.name}
          srcDoc={SKELETON}
          onLoad={setup}
          className="block border-0"
          style={{
            width: width || '100%',
            height,
            transform: scale === 1 ? undefined : `scale(${scale})`,
            transformOrigin: '0 0',
          }}
        />
      </div>
      {mount
        ? createPortal(
            <main className="bg-slate-50">
              <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
                <div className={contentClasses}>{children}</div>
              </div>
            </main>,
            mount,
          )
        : null}
    </section>
  )
}
