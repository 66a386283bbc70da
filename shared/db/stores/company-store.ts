import { StateConflict } from '../../errors.ts';
import { batchGetItems } from '../table/batch-get.ts';
import * as keys from '../table/keys.ts';
import { memberItem } from './member-store.ts';
import { newCompanyWidthOp } from '../events/pending-width-store.ts';
import { settingsItem } from './settings-store.ts';
import { conditions, getItem, mainTable, recordOf, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';
import type { CompanyRecord, SettingsRecord } from '../../companies/records.ts';
import type { MemberRecord } from '../../members/records.ts';

/**
 * Companies. The company item also counts its owners, so "a company always keeps an owner"
 * is one condition on the same transaction as the membership change.
 */

const FIELDS = ['id', 'name', 'createdAt', 'version'] as const;
const companyFromItem = (item: Item) => recordOf<CompanyRecord>(item, FIELDS);

/** The company, its settings, its first owner and its pending width (its events under its own key), each new. */
export function createCompanyOps(company: CompanyRecord, settings: SettingsRecord, owner: MemberRecord): WriteOp[] {
  return [
    // Listed (gsi1) for the jobs that go through every company: the event archive.
    mainTable.put({ ...keys.company(company.id), ...keys.companyListing(company.id), entity: 'Company', ...company, ownerCount: 1 }, { condition: conditions.absent }),
    mainTable.put(settingsItem(company.id, settings), { condition: conditions.absent }),
    mainTable.put(memberItem(owner), { condition: conditions.absent }),
    newCompanyWidthOp(company.id),
  ];
}

export async function getCompany(companyId: string): Promise<CompanyRecord | undefined> {
  const item = await getItem(keys.company(companyId));
  return item && companyFromItem(item);
}

export async function getCompanies(companyIds: string[]): Promise<Map<string, CompanyRecord>> {
  const items = await batchGetItems(companyIds.map((id) => keys.company(id)));
  return new Map(items.map((item) => [item.id as string, companyFromItem(item)]));
}

/**
 * Moves the company's count of owners with a member joining (+1) or leaving (-1) the owner
 * role; the count never falls below one. Errors: StateConflict (LastOwner) naming `field`.
 */
export function ownerCountOp(companyId: string, delta: 1 | -1, field: string): WriteOp {
  return mainTable.update(
    keys.company(companyId),
    { expression: 'ADD ownerCount :delta', values: { ':delta': delta } },
    {
      condition: delta < 0 ? { expression: 'ownerCount > :one', values: { ':one': 1 } } : conditions.present,
      onConditionFailed: () => new StateConflict('LastOwner', 'This is the last owner of the company; make another member owner first.', field),
    },
  );
}
