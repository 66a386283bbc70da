import type { ListQuery, Page } from '../schemas/list-query.ts';
import type { Change } from '../unit-of-work.ts';
import type { CounterpartyRecord } from './records.ts';

/**
 * What the counterparty use cases (counterparties.ts) need of the place counterparties are
 * kept, one port per use case so a handler carries only what it uses; shared/db implements them.
 */

export interface CounterpartyReads {
  /** The company's counterparty with this id, or undefined. */
  get(companyId: string, counterpartyId: string): Promise<CounterpartyRecord | undefined>;
}

export interface CounterpartyCreating {
  /** The counterparty, with the folded text its names are searched by. */
  createChange(counterparty: CounterpartyRecord, searchText: string): Change;
}

export interface CounterpartyReplacing extends CounterpartyReads {
  /** At the version read. Errors at commit: VersionConflict, NotFound. */
  replaceChange(before: CounterpartyRecord, after: CounterpartyRecord, searchText: string): Change;
}

/** What a list of counterparties is narrowed to: the folded keyword (empty for none), a country, whether active. */
export interface CounterpartyFilters {
  keyword: string;
  country?: string | undefined;
  active?: boolean | undefined;
}

export interface CounterpartyList {
  /** One page by creation time (newest first unless `orderAsc`). Errors: ValidationError (InvalidCursor). */
  page(companyId: string, query: ListQuery, filters: CounterpartyFilters): Promise<Page<CounterpartyRecord>>;
}
