import type { StandardTaxCodeLoading, TaxCodeCreating, TaxCodeList, TaxCodeReads, TaxCodeReplacing } from '../../tax-codes/store.ts';
import { pendingEventOp } from '../events/outbox-store.ts';
import { accountNodes } from './nodes/kind-stores.ts';
import { unchangedCheckOp } from './nodes/node-references.ts';
import { getSettings } from './settings-store.ts';
import { createTaxCodeOps, getTaxCode, jurisdictionHeldOps, replaceTaxCodeOp, taxCodesPage } from './tax-code-store.ts';

/** The tax codes' ports (tax-codes/store.ts), one per use case (plain properties: a bundler keeps a spread it cannot prove pure). */
export const taxCodeReads: TaxCodeReads = { get: getTaxCode };

export const taxCodeCreating: TaxCodeCreating = {
  settings: getSettings,
  accounts: accountNodes,
  accountUnchangedCheck: (companyId, account) => unchangedCheckOp(accountNodes, companyId, account),
  jurisdictionHeld: jurisdictionHeldOps,
  createChanges: createTaxCodeOps,
};

export const standardTaxCodeLoading: StandardTaxCodeLoading = {
  settings: getSettings,
  accounts: accountNodes,
  accountUnchangedCheck: (companyId, account) => unchangedCheckOp(accountNodes, companyId, account),
  jurisdictionHeld: jurisdictionHeldOps,
  createChanges: createTaxCodeOps,
  eventChange: pendingEventOp,
};

export const taxCodeReplacing: TaxCodeReplacing = {
  get: getTaxCode,
  settings: getSettings,
  accounts: accountNodes,
  accountUnchangedCheck: (companyId, account) => unchangedCheckOp(accountNodes, companyId, account),
  jurisdictionHeld: jurisdictionHeldOps,
  replaceChange: replaceTaxCodeOp,
};

export const taxCodeList: TaxCodeList = { page: taxCodesPage };
