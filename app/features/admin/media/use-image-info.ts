import { useMemo } from 'react'
import type { ImageInfoMap } from '../../../../core/image-info.ts'
import { useList } from '../use-list.ts'
import { MEDIA_URL, type MediaItem } from './media-api.ts'

/**
 * The library's images as the public page knows them (the site snapshot's `images`), so the canvas
 * and the Preview give an uploaded image the same width, height and srcset as the site.
 */
export function useImageInfo(): ImageInfoMap {
  const { rows } = useList<MediaItem>(MEDIA_URL)
  return useMemo(
    () =>
      Object.fromEntries(
        rows.map((item) => [item.url, { width: item.width, height: item.height, srcset: item.srcset }]),
      ),
    [rows],
  )
}
