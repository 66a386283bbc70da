import type { ActorRef } from '../auth/actor.ts';
import type { TaxJurisdiction } from '../companies/tax-registration.ts';

/** A box's figures as stored: decimal text, base currency. */
export type StoredBoxes = Record<string, { amount: string; tax: string }>;

/**
 * A filed VAT return: its range's figures frozen as they stood when it was filed, with the audit
 * head at that moment. `posted` holds the figures the postings summed per box (what later returns
 * compare its range against); `corrections`, what it reported of each return filed before it.
 * `answer` is the return as it answered, box by box, never recomputed.
 */
export interface FiledReturn {
  companyId: string;
  returnId: string;
  dateFrom: string;
  dateTo: string;
  jurisdiction: TaxJurisdiction;
  posted: StoredBoxes;
  corrections: Array<{ returnId: string; posted: StoredBoxes }>;
  answer: unknown;
  /** Whether the credit of this return (its net due below zero) is to be refunded rather than carried forward. Absent before refunds could be asked: false. */
  refundRequested?: boolean;
  /** The earlier return whose credit this one carried forward, if any. */
  carriedFrom?: string | null;
  filedAt: string;
  filedBy: ActorRef;
  auditHead: { sequence: number; hash: string | null };
  version: number;
}

/** Where a filed return's range lies and when it was filed, without its figures. */
export type FiledRange = Pick<FiledReturn, 'returnId' | 'dateFrom' | 'dateTo' | 'filedAt'>;

/** The filed return whose range holds the date (filed ranges never overlap: at most one). */
export const rangeHolding = <R extends Pick<FiledReturn, 'dateFrom' | 'dateTo'>>(filed: readonly R[], date: string): R | undefined => filed.find((f) => f.dateFrom <= date && date <= f.dateTo);
