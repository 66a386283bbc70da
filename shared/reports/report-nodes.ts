import type { AccountAttributes } from '../accounts/account-kind.ts';
import type { CostCenterAttributes } from '../cost-centers/cost-center-kind.ts';
import { NodeStore, type NodeRecord } from '../db/node-store.ts';
import { joinPath } from '../tree/rules.ts';

/**
 * Read-only stores of the nodes reports name. Reports read accounts and cost centers but
 * never write them, so they do without the kinds' write rules and guards (and their bundles).
 */
export const accountNodes = new NodeStore<AccountAttributes>('ACCOUNT', 'The account');
export const costCenterNodes = new NodeStore<CostCenterAttributes>('COST_CENTER', 'The cost center');

/** A cost center as reports name it. */
export function costCenterFields(record: NodeRecord<CostCenterAttributes>, chain: NodeRecord[]) {
  return { id: record.id, code: record.code, path: joinPath(chain), name: record.attributes.name };
}

/** Errors: NotFound naming `field`. */
export async function reportCostCenter(companyId: string, reference: string, field: string) {
  const record = await costCenterNodes.resolve(companyId, reference, field);
  return costCenterFields(record, await costCenterNodes.chain(companyId, record));
}
