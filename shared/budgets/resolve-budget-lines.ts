import type { NodeAttributes, NodeRecord } from '../tree/records.ts';
import type { NodeReads } from '../tree/store.ts';
import { ValidationError } from '../errors.ts';
import { isUuidReference } from '../tree/rules.ts';
import type { BudgetLine } from './records.ts';
import type { BudgetLineNodes } from './store.ts';
import { BUDGETED_CLASSIFICATIONS } from './rules.ts';

/**
 * Each line's account and cost center (UUID or path) as ids, every distinct reference read
 * once (UUIDs in batches). Errors name the line: NotFound (404) for an unknown reference,
 * ValidationError for a category account (CategoryAccount) or one that is not revenue or
 * expense (BudgetAccount).
 */
export async function resolveBudgetLines({ accounts, costCenters }: BudgetLineNodes, companyId: string, lines: ReadonlyArray<{ accountId: string; costCenterId: string | null }>, amounts: string[][]): Promise<BudgetLine[]> {
  const [accountsAt, centersAt] = await Promise.all([
    resolveAll(accounts, companyId, lines.map((l) => l.accountId), (i) => `lines[${i}].accountId`),
    resolveAll(costCenters, companyId, lines.map((l) => l.costCenterId), (i) => `lines[${i}].costCenterId`),
  ]);
  const chains = await accounts.chains(companyId, [...new Map(accountsAt.map((a) => [a!.id, a!])).values()]);
  return lines.map((_, i) => {
    const account = accountsAt[i]!;
    if (account.attributes.accountType !== 'leaf') throw ValidationError.field(`lines[${i}].accountId`, 'is a category account; budget a leaf account', 'CategoryAccount');
    const classification = chains.get(account.id)![0]!.attributes.classification!;
    if (!BUDGETED_CLASSIFICATIONS.includes(classification)) {
      throw ValidationError.field(`lines[${i}].accountId`, `is a ${classification} account; budgets take revenue and expense accounts`, 'BudgetAccount');
    }
    return { accountId: account.id, costCenterId: centersAt[i]?.id ?? null, amounts: amounts[i]! };
  });
}

/** The node each reference names (undefined for none), in order. Errors: NotFound naming the first line with an unknown one. */
async function resolveAll<A extends NodeAttributes>(store: NodeReads<A>, companyId: string, references: ReadonlyArray<string | null>, field: (i: number) => string): Promise<Array<NodeRecord<A> | undefined>> {
  const uuids = [...new Set(references.filter((r): r is string => r !== null && isUuidReference(r)))];
  const known = new Map<string, Promise<NodeRecord<A>>>((await store.getMany(companyId, uuids)).map((n) => [n.id, Promise.resolve(n)]));
  const results: Array<NodeRecord<A> | undefined> = [];
  for (const [i, reference] of references.entries()) {
    if (reference === null) {
      results.push(undefined);
      continue;
    }
    if (!known.has(reference)) known.set(reference, store.resolve(companyId, reference, field(i)));
    results.push(await known.get(reference)!);
  }
  return results;
}
