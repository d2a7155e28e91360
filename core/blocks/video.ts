import { isEmbeddableSrc, isPlayableSrc, videoEmbed } from '../video.ts'
import { allStyles, defineBlockModel } from './define.ts'
import { str } from './reading.ts'

/** Only the two hosts' players over https, or a web or site address for a video file. */
export function playableVideo(url: string): boolean {
  if (!url.trim()) return false
  const embed = videoEmbed(url.trim())
  return embed.kind === 'iframe' ? isEmbeddableSrc(embed.src) : isPlayableSrc(embed.src)
}

export const videoModel = defineBlockModel({
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
    playableVideo(content.url) ? null : 'Video: set a YouTube, Vimeo or video file URL in the panel',
})
