/** Hosts whose players pages may embed in an iframe (the sanitiser and the editor both use this). */
export const EMBED_HOSTS = ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com']

export type VideoEmbed = { kind: 'iframe' | 'video'; src: string }

/**
 * An embeddable address for a video page URL of the two hosts (YouTube always without cookies),
 * or the URL itself (a direct video file).
 */
export function videoEmbed(url: string): VideoEmbed {
  const youtube =
    /^https?:\/\/(?:www\.|m\.)?youtube\.com\/watch\?(?:.*&)?v=([\w-]{6,})/.exec(url) ??
    /^https?:\/\/(?:www\.)?youtube(?:-nocookie)?\.com\/(?:embed|shorts)\/([\w-]{6,})/.exec(url) ??
    /^https?:\/\/youtu\.be\/([\w-]{6,})/.exec(url)
  if (youtube) return { kind: 'iframe', src: `https://www.youtube-nocookie.com/embed/${youtube[1]}` }
  const vimeo = /^https?:\/\/(?:www\.)?vimeo\.com\/(\d+)/.exec(url)
  if (vimeo) return { kind: 'iframe', src: `https://player.vimeo.com/video/${vimeo[1]}` }
  return { kind: 'video', src: url }
}

/** An iframe address on one of the embed hosts, over https. */
export function isEmbeddableSrc(src: string): boolean {
  try {
    const url = new URL(src.trim())
    return url.protocol === 'https:' && EMBED_HOSTS.includes(url.hostname) && !url.username && !url.port
  } catch {
    return false
  }
}

/** A `<video>` source: a web address or a path on this site (not javascript:, data: or //host). */
export function isPlayableSrc(src: string): boolean {
  return /^(https?:\/\/[^/\s]|\/(?![/\\]))/i.test(src.trim())
}
