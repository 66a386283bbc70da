import type { CompanyCreating, CompanyList, CompanyReads, SettingsReads, SettingsUpdating } from '../../companies/store.ts';
import { settledSettings } from '../capacity/settled-settings.ts';
import { noJournalsYetOp } from '../ledger/journal-serials.ts';
import { onePerItem } from '../table/transact.ts';
import { createCompanyOps, getCompanies, getCompany } from './company-store.ts';
import { membershipsPage } from './member-store.ts';
import type { AccountAttributes } from '../../accounts/records.ts';
import type { NodeReads } from '../../tree/store.ts';
import type { NodeKindRef } from './nodes/node-record.ts';
import { unchangedCheckOp } from './nodes/node-references.ts';
import { getSettings, updateSettingsOps } from './settings-store.ts';
import { noTaxCodesOp } from './tax-code-store.ts';

/** The companies' ports (companies/store.ts), one per use case. */
export const companyCreating: CompanyCreating = { createChanges: createCompanyOps };

export const companyReads: CompanyReads = { get: getCompany };

export const settingsReads: SettingsReads = { settings: getSettings };

export const companyList: CompanyList = { membershipsPage, getMany: getCompanies };

/** A change of the settings, the accounts it names read and kept by `accounts`; checks of one item merged, as a transaction names an item once. */
export const settingsUpdating = (accounts: NodeKindRef & NodeReads<AccountAttributes>): SettingsUpdating => ({
  get: getSettings,
  accounts,
  replaceChanges: (companyId, before, after, checks) => [...updateSettingsOps(companyId, before, after), ...onePerItem(checks)],
  accountUnchangedCheck: (companyId, account) => unchangedCheckOp(accounts, companyId, account),
  noJournalsYetCheck: noJournalsYetOp,
  noTaxCodesCheck: noTaxCodesOp,
  settingsChanged: settledSettings.forget,
});
