import type { AccountAttributes } from '../accounts/records.ts';
import { checkLineCurrency } from '../accounts/rules.ts';
import type { CostCenterAttributes } from '../cost-centers/records.ts';
import type { NodeAttributes, NodeRecord } from '../tree/records.ts';
import { isUuidReference } from '../tree/rules.ts';
import { ValidationError } from '../errors.ts';
import { lineAmounts, type LineMoney } from './line-amounts.ts';
import type { EntryLineInput } from './schemas.ts';
import type { Line } from './rules.ts';
import type { Books } from './store.ts';

const uuidsOf = (references: string[]) => [...new Set(references.filter(isUuidReference))];
const byId = async <A extends NodeAttributes>(nodes: Promise<NodeRecord<A>[]>) => new Map((await nodes).map((n) => [n.id, n]));

/**
 * Resolves every line's account and cost center (UUID or path) before anything is written,
 * each distinct reference once. Errors name the line: NotFound (404) for an unknown reference
 * or one of another company, ValidationError for a category account, an inactive cost center,
 * a bad amount, currency or rate (line-amounts.ts), a line not in its account's currency.
 * Also gives the accounts as read (their reference pins: write-journal.ts).
 */
export async function resolveLines(books: Pick<Books, 'accounts' | 'costCenters'>, companyId: string, entries: EntryLineInput[], money: LineMoney): Promise<{ lines: Line[]; accounts: NodeRecord<AccountAttributes>[] }> {
  const amounts = await lineAmounts(entries, money);
  // Each distinct reference is resolved once, whatever the number of lines naming it.
  const once = <T>(cache: Map<string, Promise<T>>, reference: string, resolve: () => Promise<T>) => {
    if (!cache.has(reference)) cache.set(reference, resolve());
    return cache.get(reference)!;
  };
  // UUID references are read in batches first (a wide journal names hundreds); paths, and UUIDs
  // not found, go through resolve, which names the line.
  const [accountsById, costCentersById] = await Promise.all([
    byId(books.accounts.getMany(companyId, uuidsOf(entries.map((e) => e.accountId)))),
    byId(books.costCenters.getMany(companyId, uuidsOf(entries.flatMap((e) => (e.costCenterId ? [e.costCenterId] : []))))),
  ]);
  const accountCache = new Map<string, Promise<NodeRecord<AccountAttributes>>>([...accountsById].map(([id, node]) => [id, Promise.resolve(node)]));
  const costCenterCache = new Map<string, Promise<NodeRecord<CostCenterAttributes>>>([...costCentersById].map(([id, node]) => [id, Promise.resolve(node)]));
  const results = entries.map(({ accountId, costCenterId }, i) => ({
    account: once(accountCache, accountId, () => books.accounts.resolve(companyId, accountId, `entries[${i}].accountId`)),
    costCenter: costCenterId ? once(costCenterCache, costCenterId, () => books.costCenters.resolve(companyId, costCenterId, `entries[${i}].costCenterId`)) : undefined,
  }));
  // Settle all first so an early failure leaves no request running; then report the first line's problem.
  await Promise.allSettled([...accountCache.values(), ...costCenterCache.values()]);
  const lines: Line[] = [];
  const named = new Map<string, NodeRecord<AccountAttributes>>();
  for (const [i, entry] of entries.entries()) {
    const account = await results[i]!.account;
    if (account.attributes.accountType !== 'leaf') {
      throw ValidationError.field(`entries[${i}].accountId`, 'is a category account; only leaf accounts take entries: name one of the accounts under it', 'CategoryAccount');
    }
    checkLineCurrency(account.attributes, amounts[i]!.currency!, `entries[${i}].currency`);
    const costCenter = await results[i]!.costCenter;
    if (costCenter && costCenter.attributes.status !== 'active') {
      throw ValidationError.field(`entries[${i}].costCenterId`, 'is an inactive cost center; activate it (POST .../CostCenters/{id}/Activate) or name another', 'InactiveCostCenter');
    }
    lines.push({ accountId: account.id, costCenterId: costCenter?.id ?? null, side: entry.side, ...amounts[i]!, ...(entry.counterpartyId ? { counterpartyId: entry.counterpartyId } : {}) });
    named.set(account.id, account);
  }
  return { lines, accounts: [...named.values()] };
}
