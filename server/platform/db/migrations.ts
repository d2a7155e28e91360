import type { Kysely } from 'kysely'
import { type MigrationProvider, Migrator } from 'kysely/migration'
import type { Dialect } from './database.ts'
import { initial } from './migrations/0001-initial.ts'
import { accessAndAudit } from './migrations/0002-access-and-audit.ts'
import { consentAndRevisions } from './migrations/0003-consent-and-revisions.ts'
import { hardening } from './migrations/0004-hardening.ts'
import { leadSearch } from './migrations/0005-lead-search.ts'
import { leadTally } from './migrations/0006-lead-tally.ts'
import { pageRevisions } from './migrations/0007-page-revisions.ts'
import { uploads } from './migrations/0008-uploads.ts'
import { leadPipeline } from './migrations/0009-lead-pipeline.ts'
import { leadSearchTable } from './migrations/0010-lead-search-table.ts'
import { leadSubmissions } from './migrations/0011-lead-submissions.ts'
import { erasureLedger } from './migrations/0012-erasure-ledger.ts'
import { shorterDescriptions } from './migrations/0014-shorter-descriptions.ts'
import { questionnaireVersions } from './migrations/0015-questionnaire-versions.ts'
import { leadAnswers } from './migrations/0016-lead-answers.ts'
import { buyers } from './migrations/0017-buyers.ts'
import { visitorSalt } from './migrations/0018-visitor-salt.ts'
import { analytics } from './migrations/0019-analytics.ts'
import { experiments } from './migrations/0020-experiments.ts'
import { media } from './migrations/0021-media.ts'
import { savedSections } from './migrations/0022-saved-sections.ts'
import { secondFactors } from './migrations/0023-second-factors.ts'
import { sessionDetails } from './migrations/0024-session-details.ts'
import { sso } from './migrations/0025-sso.ts'
import { consentVersions } from './migrations/0026-consent-versions.ts'
import { saleTerms } from './migrations/0027-sale-terms.ts'
import { pingPost } from './migrations/0028-ping-post.ts'
import { signingKeys } from './migrations/0029-signing-keys.ts'
import { analyticsValues } from './migrations/0032-analytics-values.ts'
import { signInGuards } from './migrations/0033-sign-in-guards.ts'
import { leadConfirmations } from './migrations/0037-lead-confirmations.ts'
import { pageHideTitle } from './migrations/0038-page-hide-title.ts'
import { ledgerByLead } from './migrations/0042-ledger-by-lead.ts'
import { complaints } from './migrations/0043-complaints.ts'
import { systemPageContentMigration } from './migrations/0044-system-page-content.ts'
import { reviewAcceptance } from './migrations/0047-review-acceptance.ts'
import { pagePublications } from './migrations/0048-page-publications.ts'
import { stripedLeadTally } from './migrations/0049-striped-lead-tally.ts'
import { leadIdempotencyKeys } from './migrations/0050-lead-idempotency-keys.ts'
import { conversions } from './migrations/0051-conversions.ts'
import { leadTtclid } from './migrations/0052-lead-ttclid.ts'
import { questionnaireApproval } from './migrations/0053-questionnaire-approval.ts'
import { pageViewLog } from './migrations/0054-page-view-log.ts'

/**
 * The schema's history, one file per migration under ./migrations (each takes the engine, since
 * SQLite and PostgreSQL differ in types and in how search and tallies are kept).
 */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations() {
      return {
        '0001_initial': initial(dialect),
        '0002_access_and_audit': accessAndAudit(dialect),
        '0003_consent_and_revisions': consentAndRevisions(dialect),
        '0004_hardening': hardening(dialect),
        '0005_lead_search': leadSearch(dialect),
        '0006_lead_tally': leadTally(dialect),
        '0007_page_revisions': pageRevisions(dialect),
        '0008_uploads': uploads(dialect),
        '0009_lead_pipeline': leadPipeline(dialect),
        '0010_lead_search_table': leadSearchTable(dialect),
        '0011_lead_submissions': leadSubmissions(dialect),
        '0012_erasure_ledger': erasureLedger(dialect),
        '0014_shorter_descriptions': shorterDescriptions(),
        '0015_questionnaire_versions': questionnaireVersions(dialect),
        '0016_lead_answers': leadAnswers(dialect),
        '0017_buyers': buyers(dialect),
        '0018_visitor_salt': visitorSalt(dialect),
        '0019_analytics': analytics(dialect),
        '0020_experiments': experiments(dialect),
        '0021_media': media(dialect),
        '0022_saved_sections': savedSections(dialect),
        '0023_second_factors': secondFactors(dialect),
        '0024_session_details': sessionDetails(dialect),
        '0025_sso': sso(dialect),
        '0026_consent_versions': consentVersions(dialect),
        '0027_sale_terms': saleTerms(dialect),
        '0028_ping_post': pingPost(),
        '0029_signing_keys': signingKeys(dialect),
        '0032_analytics_values': analyticsValues(),
        '0033_sign_in_guards': signInGuards(dialect),
        '0037_lead_confirmations': leadConfirmations(dialect),
        '0038_page_hide_title': pageHideTitle(),
        '0042_ledger_by_lead': ledgerByLead(),
        '0043_complaints': complaints(dialect),
        '0044_system_page_content': systemPageContentMigration(),
        '0047_review_acceptance': reviewAcceptance(dialect),
        '0048_page_publications': pagePublications(dialect),
        '0049_striped_lead_tally': stripedLeadTally(dialect),
        '0050_lead_idempotency_keys': leadIdempotencyKeys(dialect),
        '0051_conversions': conversions(dialect),
        '0052_lead_ttclid': leadTtclid(),
        '0053_questionnaire_approval': questionnaireApproval(dialect),
        '0054_page_view_log': pageViewLog(dialect),
      }
    },
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function migrateToLatest(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider(dialect) })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error })
  }
}
