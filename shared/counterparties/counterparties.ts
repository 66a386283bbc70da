import { randomUUID } from 'node:crypto';
import { NotFound, VersionConflict } from '../errors.ts';
import { mapPage, type Page } from '../schemas/list-query.ts';
import { foldForSearch } from '../tree/search-text.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { CounterpartyRecord } from './records.ts';
import { checkCounterpartyRegistration } from './rules.ts';
import type { CreateCounterpartyInput, ListCounterpartiesInput, UpdateCounterpartyInput } from './schemas.ts';
import type { CounterpartyCreating, CounterpartyList, CounterpartyReads, CounterpartyReplacing } from './store.ts';
import { counterpartyView, type CounterpartyView } from './view.ts';

/**
 * A company's counterparties: the customers and suppliers VAT returns and the UAE audit file list,
 * each with its country and registration number. Never deleted (lines and filed returns name
 * them): one no longer dealt with is made inactive. docs/decisions.md, "Counterparties".
 */
async function mustGet(counterparties: CounterpartyReads, companyId: string, counterpartyId: string, version?: number): Promise<CounterpartyRecord> {
  const counterparty = (await counterparties.get(companyId, counterpartyId)) ?? NotFound.throw('The counterparty');
  if (version !== undefined && counterparty.version !== version) throw new VersionConflict();
  return counterparty;
}

/** What a keyword is matched against: both names, folded (tree/search-text.ts). */
export const counterpartySearchText = (name: CounterpartyRecord['name']) => foldForSearch(`${name.arabic} ${name.english}`);

/** Errors: ValidationError naming `taxRegistrationNumber`. */
export async function createCounterparty(counterparties: CounterpartyCreating, uow: UnitOfWork, companyId: string, input: CreateCounterpartyInput): Promise<CounterpartyView> {
  checkCounterpartyRegistration(input.country, input.taxRegistrationNumber);
  const now = new Date().toISOString();
  const record: CounterpartyRecord = { companyId, counterpartyId: randomUUID(), ...input, version: 1, createdAt: now, updatedAt: now };
  return uow.commit([counterparties.createChange(record, counterpartySearchText(record.name))], counterpartyView(record));
}

/** Errors: NotFound. */
export async function readCounterparty(counterparties: CounterpartyReads, companyId: string, counterpartyId: string): Promise<CounterpartyView> {
  return counterpartyView(await mustGet(counterparties, companyId, counterpartyId));
}

/** By creation time; the keyword matches either name (folded); filters `country`, `active`. Errors: ValidationError (InvalidCursor). */
export async function listCounterparties(counterparties: CounterpartyList, companyId: string, query: ListCounterpartiesInput): Promise<Page<CounterpartyView>> {
  return mapPage(await counterparties.page(companyId, query, { keyword: query.keyword ? foldForSearch(query.keyword) : '', country: query.country, active: query.active }), counterpartyView);
}

/**
 * Replaces the whole counterparty: its names, country, registration number and whether it is
 * active. Errors: NotFound, VersionConflict, ValidationError naming `taxRegistrationNumber`.
 */
export async function updateCounterparty(counterparties: CounterpartyReplacing, uow: UnitOfWork, companyId: string, counterpartyId: string, input: UpdateCounterpartyInput): Promise<CounterpartyView> {
  const before = await mustGet(counterparties, companyId, counterpartyId, input.version);
  checkCounterpartyRegistration(input.country, input.taxRegistrationNumber);
  const { version: _read, ...fields } = input;
  const after: CounterpartyRecord = { ...before, ...fields, version: before.version + 1, updatedAt: new Date().toISOString() };
  return uow.commit([counterparties.replaceChange(before, after, counterpartySearchText(after.name))], counterpartyView(after));
}
