import type { AccountAttributes } from '../accounts/records.ts';
import type { SettingsRecord } from '../companies/records.ts';
import type { TaxJurisdiction } from '../companies/tax-registration.ts';
import type { EventRecord } from '../events/event-record.ts';
import type { Page } from '../schemas/list-query.ts';
import type { NodeRecord } from '../tree/records.ts';
import type { NodeReads } from '../tree/store.ts';
import type { Change } from '../unit-of-work.ts';
import type { TaxCodeRecord, TaxDirection, TaxKind } from './records.ts';

/**
 * What the tax code use cases (tax-codes.ts) need of the place codes are kept: one code per
 * company and code text, read by id. One port per use case; shared/db implements them.
 */

export interface TaxCodeReads {
  /** The company's code with this id, or undefined. */
  get(companyId: string, taxCodeId: string): Promise<TaxCodeRecord | undefined>;
}

/** What every write of a code relies on: the company's jurisdiction and the accounts the code posts to. */
export interface TaxCodeWriting {
  settings(companyId: string): Promise<SettingsRecord | undefined>;
  accounts: Pick<NodeReads<AccountAttributes>, 'resolve'>;
  /** At commit, the account is as read (still a leaf). Errors at commit: VersionConflict. */
  accountUnchangedCheck(companyId: string, account: NodeRecord<AccountAttributes>): Change;
  /**
   * At commit, the company's jurisdiction is still the one the boxes were checked against, and
   * from then on it stays while the company has codes. Errors at commit: StateConflict (JurisdictionChanged).
   */
  jurisdictionHeld(companyId: string, jurisdiction: TaxJurisdiction | null): Change[];
}

export interface TaxCodeCreating extends TaxCodeWriting {
  /** The code and its id pointer. Errors at commit: StateConflict (DuplicateTaxCode, naming `code`). */
  createChanges(code: TaxCodeRecord): Change[];
}

export interface StandardTaxCodeLoading extends TaxCodeCreating {
  /** The outbox item of one more event in the same commit (each code loaded has its own). */
  eventChange(event: EventRecord): Change;
}

export interface TaxCodeReplacing extends TaxCodeWriting, TaxCodeReads {
  /** At the version read. Errors at commit: VersionConflict, NotFound. */
  replaceChange(before: TaxCodeRecord, after: TaxCodeRecord): Change;
}

/** What a list of codes is narrowed to. */
export interface TaxCodeFilters {
  direction?: TaxDirection | undefined;
  kind?: TaxKind | undefined;
  active?: boolean | undefined;
}

export interface TaxCodeList {
  /** One page of codes by code (descending unless `orderAsc`). Errors: ValidationError (InvalidCursor). */
  page(companyId: string, query: { page?: string | undefined; pageSize: number; orderAsc: boolean }, filters: TaxCodeFilters): Promise<Page<TaxCodeRecord>>;
}
