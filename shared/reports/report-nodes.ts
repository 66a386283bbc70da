import type { CostCenterAttributes } from '../cost-centers/records.ts';
import type { NodeRecord } from '../tree/records.ts';
import { joinPath } from '../tree/rules.ts';
import type { CostCenterPathReads, CostCenterReads } from './store.ts';

/*
 * The cost centers reports name, read through the port (store.ts): reports never write accounts
 * or cost centers, so they do without the kinds' write rules and guards (and their bundles).
 */

/** A cost center as reports name it. */
export function costCenterFields(record: NodeRecord<CostCenterAttributes>, chain: NodeRecord[]) {
  return { id: record.id, code: record.code, path: joinPath(chain), name: record.attributes.name };
}

/** Errors: NotFound naming `field`. */
export async function reportCostCenter({ costCenters }: CostCenterReads, companyId: string, reference: string, field: string) {
  const record = await costCenters.resolve(companyId, reference, field);
  return costCenterFields(record, (await costCenters.chains(companyId, [record])).get(record.id)!);
}

/** Every cost center's path of codes, by id (an export names the cost center of each line). */
export async function costCenterPaths({ costCenters }: CostCenterPathReads, companyId: string): Promise<Map<string, string>> {
  return nodePaths(await costCenters.all(companyId));
}

/** Each node's path of codes, by id, from every node of its kind (pure). */
export function nodePaths(records: ReadonlyArray<NodeRecord<CostCenterAttributes>>): Map<string, string> {
  const byId = new Map(records.map((r) => [r.id, r]));
  const paths = new Map<string, string>();
  const pathOf = (record: NodeRecord<CostCenterAttributes>): string => {
    const known = paths.get(record.id);
    if (known !== undefined) return known;
    const parent = record.parentId ? byId.get(record.parentId) : undefined;
    const path = parent ? joinPath([{ code: pathOf(parent) }, record]) : record.code;
    paths.set(record.id, path);
    return path;
  };
  records.forEach(pathOf);
  return paths;
}
