import type { BudgetVsActualReads, CashFlowReads, IncomeStatementReads } from '../../reports/store.ts';
import { allYears } from '../capacity/year-hint.ts';
import { sumsThrough } from '../ledger/balance-reads.ts';
import { getJournal } from '../ledger/journal-store.ts';
import { getBudget } from './budget-store.ts';
import { loadKnownAtReads } from './known-at-loader.ts';
import { jobsState } from './job-store.ts';
import { accounts, costCenters } from './report-node-ports.ts';
import { getSettings } from './settings-store.ts';

/**
 * The ports of the reports that leave the closing journals out (reports/store.ts), which read
 * those journals: apart from report-ports.ts, so the other reports load no journal storage.
 */
export const incomeStatementReads: IncomeStatementReads = { jobsState, knownAtReads: loadKnownAtReads, settings: getSettings, accounts, years: allYears, sums: sumsThrough, journal: getJournal, costCenters };

export const cashFlowReads: CashFlowReads = { jobsState, knownAtReads: loadKnownAtReads, settings: getSettings, accounts, years: allYears, sums: sumsThrough, journal: getJournal, costCenters };

export const budgetVsActualReads: BudgetVsActualReads = { jobsState, knownAtReads: loadKnownAtReads, settings: getSettings, accounts, years: allYears, sums: sumsThrough, journal: getJournal, costCenters, budget: getBudget };

/** A snapshot may hold any report kind: the reads of them all, and the snapshot's storing. */
