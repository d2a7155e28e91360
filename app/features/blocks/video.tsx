import { playableVideo, videoModel } from '../../../core/blocks/video.ts'
import { IFRAME_REFERRER_POLICY } from '../../../core/page-html.ts'
import { videoEmbed } from '../../../core/video.ts'
import { defineBlock } from './define-block.ts'

export const videoBlock = defineBlock(videoModel, function VideoBlock({ content, style }) {
  if (!playableVideo(content.url)) return null
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
})
