import type { PeriodChanging, PeriodList, YearClosing, YearCreating, YearDeleting, YearList, YearReads, YearReplacing } from '../../financial-years/store.ts';
import { eventHead } from '../events/event-store.ts';
import { sequenceEvents } from '../events/sequencer.ts';
import { hasDraftJournalsBetween } from '../ledger/journal-queries.ts';
import { paginateArray } from '../table/paginate-array.ts';
import { createYearOps, deleteYearOps, getRegistry, mustGetYear, periodStatusOps, replaceYearOps, withNoPostings, withYearGuard, yearsPage } from './year-store.ts';

/**
 * The years' ports (financial-years/store.ts), one per use case (plain properties: a bundler
 * keeps a spread it cannot prove pure). A hold is the year's write guard.
 */
export const yearReads: YearReads = { get: mustGetYear };

export const yearList: YearList = { page: yearsPage };

export const periodList: PeriodList = {
  get: mustGetYear,
  pageOf: (companyId, yearId, periods, query, keyword) =>
    paginateArray(periods, (p) => p.startDate, query, { companyId, endpoint: `periods.list:${yearId}`, orderBy: query.orderBy, orderAsc: query.orderAsc, filters: { keyword } }),
};

export const yearCreating: YearCreating = { registry: getRegistry, createChanges: createYearOps };

export const yearReplacing: YearReplacing = { get: mustGetYear, registry: getRegistry, whileNoPostings: withNoPostings, replaceChanges: replaceYearOps };

export const yearDeleting: YearDeleting = { get: mustGetYear, registry: getRegistry, whileNoPostings: withNoPostings, deleteChanges: deleteYearOps };

export const yearClosing: YearClosing = { get: mustGetYear, sequence: sequenceEvents, chainHead: eventHead, hasDraftsBetween: hasDraftJournalsBetween, whileHeld: withYearGuard, replaceChanges: replaceYearOps };

export const periodChanging: PeriodChanging = { get: mustGetYear, sequence: sequenceEvents, chainHead: eventHead, statusChanges: periodStatusOps };
