import type { ColumnType, Generated } from 'kysely'
import type {
  ExperimentGoal,
  ExperimentStatus,
  ExperimentVariant,
} from '../../../core/schemas/experiments.ts'

type CreatedAt = ColumnType<Date, Date | undefined, never>
type UpdatedAt = ColumnType<Date, Date | undefined, Date>
type Json<T> = ColumnType<T, string, string>

/**
 * The tables of counting visitors without storage: the daily salt (migration 0018), analytics
 * (0019) and experiments (0020).
 */

/** Today's salt for visitor hashes (UK day 'YYYY-MM-DD'); yesterday's is deleted. */
export interface VisitorSaltTable {
  day: string
  salt: string
  createdAt: CreatedAt
}

export interface ExperimentTable {
  id: Generated<number>
  name: string
  path: string
  goal: ExperimentGoal
  status: ColumnType<ExperimentStatus, ExperimentStatus | undefined, ExperimentStatus>
  variants: Json<ExperimentVariant[]>
  startsAt: Date | null
  stopsAt: Date | null
  winner: string | null
  createdAt: CreatedAt
  updatedAt: UpdatedAt
}

/** A visitor (the day's salted id) shown a variant of an experiment on a UK day. */
export interface ExperimentExposureTable {
  experimentId: number
  day: string
  visitor: string
  variant: string
}

/** The first-touch key analytics counts under (docs/decisions/0037-analytics.md). */
interface AnalyticsDims {
  path: string
  variant: string | null
  utmSource: string | null
  utmCampaign: string | null
  utmMedium: string | null
  referrer: string | null
  device: string
}

/** Raw events of one flush, deleted once rolled up. */
export interface AnalyticsEventTable extends AnalyticsDims {
  id: Generated<number>
  batch: string
  day: string
  hour: string
  visitor: string
  stage: string
  step: Generated<string>
  leadId: number | null
  /** Like events of the flush counted in one row. */
  weight: number
}

export interface AnalyticsVisitorTable extends AnalyticsDims {
  day: string
  visitor: string
  hour: string
}

export interface AnalyticsReachTable {
  day: string
  visitor: string
  stage: string
  step: string
  hour: string
  batch: string
}

export interface AnalyticsHourlyTable extends AnalyticsDims {
  hour: string
  day: string
  dimsKey: string
  stage: string
  step: string
  events: Generated<number>
  visitors: Generated<number>
}

export interface AnalyticsDailyTable extends AnalyticsDims {
  day: string
  dimsKey: string
  stage: string
  step: string
  events: Generated<number>
  visitors: Generated<number>
}

export interface AnalyticsLeadTable extends AnalyticsDims {
  leadId: number
  day: string
  hour: string
  createdAt: CreatedAt
}

/** A value admitted for a UK day and dimension (migration 0032); others count as "(other)". */
export interface AnalyticsValueTable {
  day: string
  dimension: string
  value: string
}

/**
 * How far nginx's page-view log has been counted (migration 0054, ADR 0085): the file's inode and
 * byte offset, and the instance leasing the reading. bigint: PostgreSQL hands it back as a string.
 */
export interface PageViewLogTable {
  source: string
  inode: string | null
  position: ColumnType<number | string, number | undefined, number>
  holder: string | null
  heldUntil: Date | null
  updatedAt: UpdatedAt
}

export type VisitorTables = {
  visitorSalt: VisitorSaltTable
  experiment: ExperimentTable
  experimentExposure: ExperimentExposureTable
  analyticsEvent: AnalyticsEventTable
  analyticsVisitor: AnalyticsVisitorTable
  analyticsReach: AnalyticsReachTable
  analyticsHourly: AnalyticsHourlyTable
  analyticsDaily: AnalyticsDailyTable
  analyticsLead: AnalyticsLeadTable
  analyticsValue: AnalyticsValueTable
  pageViewLog: PageViewLogTable
}
