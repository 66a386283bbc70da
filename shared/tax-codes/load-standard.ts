import { randomUUID } from 'node:crypto';
import { NotFound, StateConflict, ValidationError } from '../errors.ts';
import { writtenRecordEvent } from '../events/event-record.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { TaxCodeRecord } from './records.ts';
import { assignableBoxIds } from './return-layouts.ts';
import { checkTaxCodeFields } from './rules.ts';
import type { LoadStandardTaxCodesInput } from './schemas.ts';
import { STANDARD_TAX_CODES } from './standard-sets.ts';
import type { StandardTaxCodeLoading } from './store.ts';
import { postingAccount } from './tax-codes.ts';
import { taxCodeView, type TaxCodeView } from './view.ts';

/**
 * The standard codes of the company's jurisdiction (tax-codes/standard-sets.ts), created in one
 * commit, each with its own `TaxCodeCreated` event: output tax to `outputTaxAccountId`, input
 * tax (and the recoverable side of a reverse charge) to `inputTaxAccountId`. All or nothing: a
 * code the company already has refuses the whole load, so loading twice never duplicates.
 * Errors: NotFound (an account reference), ValidationError naming the field (CategoryAccount),
 * StateConflict (NoTaxJurisdiction, DuplicateTaxCode naming `code`, JurisdictionChanged).
 */
export async function loadStandardTaxCodes(codes: StandardTaxCodeLoading, uow: UnitOfWork, companyId: string, input: LoadStandardTaxCodesInput): Promise<{ results: TaxCodeView[] }> {
  const settings = (await codes.settings(companyId)) ?? NotFound.throw('The company settings');
  const jurisdiction = settings.taxJurisdiction;
  if (jurisdiction === null) {
    throw new StateConflict('NoTaxJurisdiction', 'The company has no taxJurisdiction: set it (PUT .../Settings) first, as the standard codes are its return’s.', 'taxJurisdiction');
  }
  const accounts = {
    output: await postingAccount(codes, companyId, input.outputTaxAccountId, 'outputTaxAccountId'),
    input: await postingAccount(codes, companyId, input.inputTaxAccountId, 'inputTaxAccountId'),
  };
  // A reverse charge is due on one and recoverable on the other.
  if (accounts.input.id === accounts.output.id) throw ValidationError.field('inputTaxAccountId', 'must differ from outputTaxAccountId: input tax is recoverable, output tax due');
  const now = new Date().toISOString();
  const records = STANDARD_TAX_CODES[jurisdiction].map((standard): TaxCodeRecord => {
    const { taxAccount, reverseChargeAccount, ...rest } = standard;
    const record: TaxCodeRecord = {
      companyId,
      taxCodeId: randomUUID(),
      ...rest,
      rates: [...standard.rates],
      baseBoxes: [...standard.baseBoxes],
      taxBoxes: [...standard.taxBoxes],
      taxAccountId: taxAccount && accounts[taxAccount].id,
      reverseChargeAccountId: reverseChargeAccount && accounts[reverseChargeAccount].id,
      active: true,
      version: 1,
      createdAt: now,
      updatedAt: now,
    };
    checkTaxCodeFields(record, assignableBoxIds(jurisdiction));
    return record;
  });
  const views = records.map(taxCodeView);
  const events = views.map((view) =>
    codes.eventChange(writtenRecordEvent('TaxCodeCreated', companyId, uow.actor, view, new Date(now))),
  );
  const checks = [codes.accountUnchangedCheck(companyId, accounts.output), codes.accountUnchangedCheck(companyId, accounts.input), ...codes.jurisdictionHeld(companyId, jurisdiction)];
  return uow.commit([...records.flatMap((r) => codes.createChanges(r)), ...events, ...checks], { results: views });
}
