import type { PeriodList, YearCreating, YearDeleting, YearList, YearReads, YearReplacing } from '../../financial-years/store.ts';
import { paginateArray } from '../table/paginate-array.ts';
import { createYearOps, deleteYearOps, getRegistry, mustGetYear, replaceYearOps, withNoPostings, yearsPage } from './year-store.ts';

/**
 * The years' ports (financial-years/store.ts), one per use case (plain properties: a bundler
 * keeps a spread it cannot prove pure). Closing a year and a period's transitions, which number
 * the events pending, have theirs apart (year-closing-ports.ts), so the others load no sequencer.
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
