import type { Widget } from '../../../../core/page-content.ts'
import { videoEmbed } from '../../../../core/video.ts'
import { styleObject } from '../../site/page-sections.tsx'

const placeholder =
  'rounded border border-slate-300 border-dashed bg-slate-50 p-4 text-center text-slate-500 text-sm'

/**
 * A widget as the canvas shows it. Text is shown as text, never as markup: an editor's HTML runs
 * only through the server's sanitiser (the Preview tab and the public page).
 */
export function WidgetView({ widget }: { widget: Widget }) {
  const style = styleObject(widget.styles)
  switch (widget.type) {
    case 'text':
      return (
        <div style={style} className="whitespace-pre-wrap">
          {widget.content.text}
        </div>
      )
    case 'heading': {
      const Tag = `h${Math.min(Math.max(widget.content.level, 1), 6)}` as 'h2'
      return (
        <Tag style={style} className="font-semibold text-2xl">
          {widget.content.text}
        </Tag>
      )
    }
    case 'image':
      return widget.content.src ? (
        <img
          src={widget.content.src}
          alt={widget.content.alt}
          style={{
            ...style,
            width: /^\d{1,4}(px|%)$/.test(widget.content.width) ? widget.content.width : '100%',
          }}
          className="h-auto max-w-full"
        />
      ) : (
        <div className={placeholder}>Image: set its URL in the panel</div>
      )
    case 'video': {
      if (!widget.content.url) return <div className={placeholder}>Video: set its URL in the panel</div>
      const embed = videoEmbed(widget.content.url)
      return (
        <div style={style} className={placeholder}>
          {embed.kind === 'iframe' ? 'Embedded video: ' : 'Video file: '}
          {widget.content.url}
        </div>
      )
    }
    case 'button':
      return (
        <p>
          <span style={style} className="widget-button">
            {widget.content.text}
          </span>
        </p>
      )
    case 'spacer':
      return (
        <div
          aria-hidden="true"
          className="bg-[repeating-linear-gradient(45deg,#f1f5f9,#f1f5f9_6px,#fff_6px,#fff_12px)]"
          style={{
            height: /^\d{1,4}(px|rem|em)$/.test(widget.content.height) ? widget.content.height : '40px',
          }}
        />
      )
    case 'divider':
      return <hr style={style} className="my-2 border-slate-300" />
    case 'form':
      return (
        <div style={style} className="rounded-lg border border-teal-300 bg-teal-50 p-4">
          <p className="font-semibold text-navy-900">{widget.content.title}</p>
          <p className="text-slate-600 text-sm">The claim check questionnaire and lead form appear here.</p>
        </div>
      )
    case 'columns':
      return (
        <div
          style={{ ...style, gridTemplateColumns: `repeat(${widget.content.columns}, minmax(0, 1fr))` }}
          className="grid gap-3"
        >
          {widget.content.texts.map((text, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
            <div key={i} className="whitespace-pre-wrap rounded border border-slate-200 border-dashed p-2">
              {text}
            </div>
          ))}
        </div>
      )
    case 'gallery':
      return widget.content.images.length ? (
        <div style={style} className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {widget.content.images.map((image, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: images are positional
            <img key={i} src={image.src} alt={image.alt} className="h-auto max-w-full rounded" />
          ))}
        </div>
      ) : (
        <div className={placeholder}>Gallery: add images in the panel</div>
      )
    case 'testimonial':
      return (
        <figure style={style} className="border-teal-600 border-l-4 bg-slate-50 p-4">
          <blockquote className="italic">{widget.content.text}</blockquote>
          <figcaption className="mt-2 font-semibold text-sm">{widget.content.author}</figcaption>
        </figure>
      )
    case 'menu':
      return (
        <ul style={style} className="flex flex-wrap gap-4">
          {widget.content.links.map((link, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: links are positional
            <li key={i} className="text-teal-800 underline">
              {link.text}
            </li>
          ))}
        </ul>
      )
  }
}
