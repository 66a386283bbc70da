import { randomUUID } from 'node:crypto';
import type { AccountAttributes } from '../accounts/records.ts';
import { NotFound, ValidationError, VersionConflict } from '../errors.ts';
import type { Page } from '../schemas/list-query.ts';
import type { NodeRecord } from '../tree/records.ts';
import type { Change, UnitOfWork } from '../unit-of-work.ts';
import type { TaxCodeRecord } from './records.ts';
import { taxCodeView, type TaxCodeView } from './view.ts';
import { assignableBoxIds } from './return-layouts.ts';
import { checkTaxCodeFields, orderedRates, type TaxCodeFields } from './rules.ts';
import type { CreateTaxCodeInput, ListTaxCodesInput, UpdateTaxCodeInput } from './schemas.ts';
import type { TaxCodeCreating, TaxCodeList, TaxCodeReads, TaxCodeReplacing, TaxCodeWriting } from './store.ts';

/**
 * A company's tax codes: what a journal line names to be taxed, with its rates by date, the
 * accounts its tax posts to and the return boxes it counts in. Codes are never deleted (lines
 * and filed returns name them): a code no longer used is made inactive. docs/decisions.md, "Tax codes".
 */
async function mustGet(codes: TaxCodeReads, companyId: string, taxCodeId: string, version?: number): Promise<TaxCodeRecord> {
  const code = (await codes.get(companyId, taxCodeId)) ?? NotFound.throw('The tax code');
  if (version !== undefined && code.version !== version) throw new VersionConflict();
  return code;
}

type AccountReferences = Pick<CreateTaxCodeInput, 'taxAccountId' | 'reverseChargeAccountId'>;

/**
 * The fields as the code keeps them (account references as ids, rates oldest first), checked
 * against its kind and the company's return, and the checks that what they rely on holds at
 * commit. Errors: NotFound (settings, an account reference), ValidationError naming the field
 * (CategoryAccount for an account that takes no lines).
 */
async function settledFields(codes: TaxCodeWriting, companyId: string, input: Omit<TaxCodeFields, 'taxAccountId' | 'reverseChargeAccountId'> & AccountReferences): Promise<{ fields: TaxCodeFields; checks: Change[] }> {
  const settings = (await codes.settings(companyId)) ?? NotFound.throw('The company settings');
  const taxAccount = await postingAccount(codes, companyId, input.taxAccountId, 'taxAccountId');
  const reverseChargeAccount = await postingAccount(codes, companyId, input.reverseChargeAccountId, 'reverseChargeAccountId');
  const fields: TaxCodeFields = { ...input, rates: orderedRates(input.rates), taxAccountId: taxAccount?.id ?? null, reverseChargeAccountId: reverseChargeAccount?.id ?? null };
  checkTaxCodeFields(fields, settings.taxJurisdiction && assignableBoxIds(settings.taxJurisdiction));
  const accounts = [taxAccount, reverseChargeAccount].filter((a) => a !== null);
  return { fields, checks: [...accounts.map((a) => codes.accountUnchangedCheck(companyId, a)), ...codes.jurisdictionHeld(companyId, settings.taxJurisdiction)] };
}

/** The leaf account a reference names, or null for none. Errors: NotFound naming `field`, ValidationError (CategoryAccount). */
export async function postingAccount(codes: TaxCodeWriting, companyId: string, reference: string, field: string): Promise<NodeRecord<AccountAttributes>>;
export async function postingAccount(codes: TaxCodeWriting, companyId: string, reference: string | null, field: string): Promise<NodeRecord<AccountAttributes> | null>;
export async function postingAccount(codes: TaxCodeWriting, companyId: string, reference: string | null, field: string): Promise<NodeRecord<AccountAttributes> | null> {
  if (reference === null) return null;
  const account = await codes.accounts.resolve(companyId, reference, field);
  if (account.attributes.accountType !== 'leaf') throw ValidationError.field(field, 'is a category account; tax posts to a leaf account', 'CategoryAccount');
  return account;
}

/** Errors: NotFound, ValidationError naming the field (CategoryAccount), StateConflict (DuplicateTaxCode naming `code`, JurisdictionChanged). */
export async function createTaxCode(codes: TaxCodeCreating, uow: UnitOfWork, companyId: string, input: CreateTaxCodeInput): Promise<TaxCodeView> {
  const { fields, checks } = await settledFields(codes, companyId, input);
  const now = new Date().toISOString();
  const record: TaxCodeRecord = { companyId, taxCodeId: randomUUID(), code: input.code, name: input.name, ...fields, active: input.active, version: 1, createdAt: now, updatedAt: now };
  return uow.commit([...codes.createChanges(record), ...checks], taxCodeView(record));
}

/** Errors: NotFound. */
export async function readTaxCode(codes: TaxCodeReads, companyId: string, taxCodeId: string): Promise<TaxCodeView> {
  return taxCodeView(await mustGet(codes, companyId, taxCodeId));
}

/** By code; filters `direction`, `kind`, `active`. Errors: ValidationError (InvalidCursor). */
export async function listTaxCodes(codes: TaxCodeList, companyId: string, query: ListTaxCodesInput): Promise<Page<TaxCodeView>> {
  const page = await codes.page(companyId, query, { direction: query.direction, kind: query.kind, active: query.active });
  return { ...page, results: page.results.map(taxCodeView) };
}

/**
 * Replaces what a code may change: its names, rates, accounts, boxes and whether it is active.
 * Lines posted before keep the tax they were given. Errors: NotFound, VersionConflict,
 * ValidationError naming the field (CategoryAccount), StateConflict (JurisdictionChanged).
 */
export async function updateTaxCode(codes: TaxCodeReplacing, uow: UnitOfWork, companyId: string, taxCodeId: string, input: UpdateTaxCodeInput): Promise<TaxCodeView> {
  const before = await mustGet(codes, companyId, taxCodeId, input.version);
  const { fields, checks } = await settledFields(codes, companyId, { ...input, kind: before.kind, direction: before.direction });
  const after: TaxCodeRecord = { ...before, ...fields, name: input.name, active: input.active, version: before.version + 1, updatedAt: new Date().toISOString() };
  return uow.commit([codes.replaceChange(before, after), ...checks], taxCodeView(after));
}
