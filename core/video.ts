/** An embeddable address for a video page URL of the two hosts, or the URL itself (direct video). */
export function videoEmbed(url: string): { kind: 'iframe' | 'video'; src: string } {
  const youtube =
    /^https?:\/\/(?:www\.|m\.)?youtube\.com\/watch\?(?:.*&)?v=([\w-]{6,})/.exec(url) ??
    /^https?:\/\/(?:www\.)?youtube(?:-nocookie)?\.com\/(?:embed|shorts)\/([\w-]{6,})/.exec(url) ??
    /^https?:\/\/youtu\.be\/([\w-]{6,})/.exec(url)
  if (youtube) return { kind: 'iframe', src: `https://www.youtube-nocookie.com/embed/${youtube[1]}` }
  const vimeo = /^https?:\/\/(?:www\.)?vimeo\.com\/(\d+)/.exec(url)
  if (vimeo) return { kind: 'iframe', src: `https://player.vimeo.com/video/${vimeo[1]}` }
  return { kind: 'video', src: url }
}
