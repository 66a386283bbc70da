import type { TaxDetailReads } from '../../reports/store.ts';
import { allYears } from '../capacity/year-hint.ts';
import { taxLedgerRows } from '../ledger/tax-ledger.ts';
import { decodeCursor, encodeCursor } from '../table/cursor.ts';
import { jobsState } from './job-store.ts';
import { getSettings } from './settings-store.ts';

/** The tax detail's port (reports/store.ts), apart from report-ports.ts: it never reads as known at a moment, so it loads no known-at loader. */
export const taxDetailReads: TaxDetailReads = { jobsState, settings: getSettings, years: allYears, taxLedgerRows, encodePlace: encodeCursor, decodePlace: decodeCursor };
