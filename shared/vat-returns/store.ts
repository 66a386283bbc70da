import type { ChainHeadReads, RestatementReads } from '../audit/store.ts';
import type { ReturnFigureReads } from '../reports/store.ts';
import type { Change } from '../unit-of-work.ts';
import type { FiledReturn } from './records.ts';

/**
 * What filing and reading filed VAT returns (vat-returns.ts) need of the place they are kept.
 * One port per use case; shared/db implements them.
 */

export interface VatReturnFiling extends ReturnFigureReads, ChainHeadReads, Pick<RestatementReads, 'changesPage'> {
  /**
   * The return kept for good, while the company has filed exactly `filedBefore` returns: two
   * filings at once cannot both pass the overlap check. Errors at commit: StateConflict (FiledMeanwhile).
   */
  fileChanges(filed: FiledReturn, filedBefore: number): Change[];
}

export interface FiledReturnReads {
  get(companyId: string, returnId: string): Promise<FiledReturn | undefined>;
  /** Every return filed, oldest range first (a company files a few a year). */
  filedReturns(companyId: string): Promise<FiledReturn[]>;
}
