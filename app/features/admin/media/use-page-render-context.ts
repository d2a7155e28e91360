import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { PageRenderContext } from '../../../../server/site/index.ts'
import { useList } from '../use-list.ts'
import { MEDIA_URL, type MediaItem } from './media-api.ts'

const RENDER_CONTEXT = '/api/admin/pages/render-context'

/**
 * What the public page renders blocks with (the live questionnaire, the consent's recipients, the
 * compliance wording, the library's image sizes), so every widget on the canvas and in the Preview
 * is the site's markup. Images uploaded since are read from the library list, which uploads refresh.
 */
export function usePageRenderContext(): Partial<PageRenderContext> {
  const { data } = useQuery<PageRenderContext>({ queryKey: [RENDER_CONTEXT] })
  const { rows } = useList<MediaItem>(MEDIA_URL)
  return useMemo(() => {
    const images = { ...data?.images }
    for (const item of rows)
      images[item.url] = { width: item.width, height: item.height, srcset: item.srcset }
    return { ...data, images }
  }, [data, rows])
}
