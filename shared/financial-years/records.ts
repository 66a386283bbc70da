import type { AuditHead } from '../audit/chain.ts';
import type { IsoDate } from './dates.ts';
import type { DateRange, PeriodStatus, YearStatus } from './rules.ts';

/**
 * Financial years as the company keeps them: each year with its periods, in order, and the
 * registry of every year's range (so two overlapping years cannot both be created). Pure types;
 * shared/db/stores/year-store.ts stores and reads them.
 */
export interface PeriodRecord extends DateRange {
  id: string;
  number: number;
  name: string;
  status: PeriodStatus;
  version: number;
  /** The chain's head when the period was last closed (docs/decisions.md, Audit). */
  auditHead?: AuditHead | undefined;
}

export interface YearRecord extends DateRange {
  id: string;
  name: string;
  status: YearStatus;
  version: number;
  periods: PeriodRecord[];
  /** The draft or posted journal GenerateClosingJournal made, if any. */
  closingJournalId?: string | undefined;
  /** The chain's head when the year was closed. */
  auditHead?: AuditHead | undefined;
  createdAt: string;
  updatedAt: string;
}

/** Every year's range, versioned: creating or re-dating a year changes it at the version read. */
export interface YearRegistry {
  years: Record<string, DateRange>;
  version: number;
}

/** A period's id and dates: what reads by period (reports, the audit) need of it. */
export interface PeriodSpan {
  id: string;
  startDate: IsoDate;
  endDate: IsoDate;
}
