/**
 * The site: pages, saved sections, media and uploads, redirects, scripts, settings, SEO files and
 * cookie consent, with the state every public request reads.
 */
import type { SiteState } from './site-state.server.ts'

export { purgeConsentBefore } from './cookie-consent/queries.server.ts'
export { consentApi, consentRouter, consentRoutes } from './cookie-consent/router.ts'
export { mediaAdminRouter, mediaApi, mediaRoutes } from './media/admin-router.ts'
export { loadImageInfo } from './media/queries.server.ts'
export { pagesAdminRouter, pagesApi, pagesRoutes } from './pages/admin-router.ts'
export { sanitizeStoredContent } from './pages/content.server.ts'
export { loadPreview, type PreviewPage } from './pages/preview.server.ts'
export { previewLink, signPreview } from './pages/preview-links.server.ts'
export {
  approvalFor,
  publishDueSchedules,
  requestPublication,
  SCHEDULED_PUBLISH_JOB,
  scheduledPublishJob,
  versionOf,
} from './pages/publications.server.ts'
export { findPage, listRevisions, loadPublishedPages } from './pages/queries.server.ts'
export { type PageRenderContext, pageRenderContext } from './pages/render-context.server.ts'
export { questionnaireReviewFlags } from './pages/review-flags.server.ts'
export { pagesRouter } from './pages/router.ts'
export { savePage } from './pages/save.server.ts'
export { redirectsAdminRouter, redirectsApi, redirectsRoutes } from './redirects/admin-router.ts'
export { REDIRECT_HITS_JOB, redirectHitsJob } from './redirects/hits.server.ts'
export { siteRedirects, wwwToBareHost } from './redirects/middleware.ts'
export { loadRedirectTable } from './redirects/queries.server.ts'
export {
  savedSectionsAdminRouter,
  savedSectionsApi,
  savedSectionsRoutes,
} from './saved-sections/admin-router.ts'
export { scriptsAdminRouter, scriptsApi, scriptsRoutes } from './scripts/admin-router.ts'
export { loadScriptMarkup } from './scripts/queries.server.ts'
export { defaultSettings, seedSite, systemPages } from './seed.server.ts'
export { seoRouter } from './seo/router.ts'
export { settingsAdminRouter, settingsApi, settingsRoutes } from './settings/admin-router.ts'
export { loadSettings } from './settings/queries.server.ts'
export { type SiteSnapshot, SiteState } from './site-state.server.ts'
export { uploadsAdminRouter, uploadsApi, uploadsRoutes } from './uploads/admin-router.ts'
export { uploadsRouter } from './uploads/router.ts'

declare module '../platform/index.ts' {
  interface AppServices {
    /** Settings, scripts, redirects and published pages in memory, refreshed on change. */
    site: SiteState
  }
  interface AppEvents {
    /** Uploaded renditions were deleted (the media library): the /uploads route forgets them. */
    'uploads.deleted': [{ keys: string[] }]
  }
}
