import { IFRAME_REFERRER_POLICY } from '../../../core/page-html.ts'
import { isEmbeddableSrc, isPlayableSrc, videoEmbed } from '../../../core/video.ts'
import { allStyles, defineBlock } from './define-block.ts'
import { str } from './reading.ts'

export const videoBlock = defineBlock({
  type: 'video',
  label: 'Video',
  category: 'Basic',
  defaults: { content: { url: '' }, styles: {} },
  libraryDefaults: { content: { url: '' }, styles: { textAlign: 'left' } },
  read: (raw) => ({ url: str(raw.url) || str(raw.src) }),
  fields: [
    {
      kind: 'url',
      key: 'url',
      label: 'Video URL',
      hint: 'A YouTube or Vimeo address, or a direct .mp4 link',
    },
  ],
  styles: allStyles,
  placeholder: (content) =>
    content.url && renderable(content.url)
      ? null
      : 'Video: set a YouTube, Vimeo or video file URL in the panel',
  Component: ({ content, style }) => {
    if (!renderable(content.url)) return null
    const embed = videoEmbed(content.url.trim())
    return embed.kind === 'iframe' ? (
      <iframe
        src={embed.src}
        allowFullScreen
        loading="lazy"
        title="Video"
        referrerPolicy={IFRAME_REFERRER_POLICY}
        style={style}
      />
    ) : (
      // biome-ignore lint/a11y/useMediaCaption: editors' own videos; captions are theirs to add to the file
      <video src={embed.src} controls style={style} />
    )
  },
})

/** Only the two hosts' players over https, or a web or site address for a video file. */
function renderable(url: string): boolean {
  if (!url.trim()) return false
  const embed = videoEmbed(url.trim())
  return embed.kind === 'iframe' ? isEmbeddableSrc(embed.src) : isPlayableSrc(embed.src)
}
