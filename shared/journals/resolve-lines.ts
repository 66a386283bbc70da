import { accounts } from '../accounts/account-kind.ts';
import { costCenters } from '../cost-centers/cost-center-kind.ts';
import type { NodeRecord } from '../db/node-store.ts';
import { ValidationError } from '../errors.ts';
import { parseAmount, type AmountProblem } from '../money/amount.ts';
import type { EntryLineInput } from './schemas.ts';
import type { Line } from './rules.ts';

const AMOUNT_REASONS: Record<AmountProblem, (precision: number) => string> = {
  format: () => 'must be a plain decimal number such as 1250.50',
  positive: () => 'must be greater than zero',
  precision: (p) => `has more than ${p} decimal places, the precision of the company's currency`,
  size: () => 'has more than 15 significant digits',
};

/**
 * Resolves every line's account and cost center (UUID or path) before anything is written,
 * each distinct reference once. Errors name the line: NotFound (404) for an unknown reference
 * or one of another company, ValidationError for a category account, an inactive cost center
 * or a bad amount.
 */
export async function resolveLines(companyId: string, entries: EntryLineInput[], precision: number): Promise<Line[]> {
  const amounts = entries.map((entry, i) => {
    const parsed = parseAmount(entry.amount, precision);
    if ('problem' in parsed) throw ValidationError.field(`entries[${i}].amount`, AMOUNT_REASONS[parsed.problem](precision));
    return parsed.amount;
  });
  const resolved = new Map<string, Promise<NodeRecord>>();
  const resolveOnce = (kind: 'account' | 'costCenter', reference: string, field: string) => {
    const key = `${kind}:${reference}`;
    if (!resolved.has(key)) {
      const store = kind === 'account' ? accounts.store : costCenters.store;
      resolved.set(key, store.resolve(companyId, reference, field));
    }
    return resolved.get(key)!;
  };
  const results = entries.map((entry, i) => ({
    account: resolveOnce('account', entry.accountId, `entries[${i}].accountId`),
    costCenter: entry.costCenterId ? resolveOnce('costCenter', entry.costCenterId, `entries[${i}].costCenterId`) : undefined,
  }));
  // Settle all first so an early failure leaves no request running; then report the first line's problem.
  await Promise.allSettled([...resolved.values()]);
  const lines: Line[] = [];
  for (const [i, entry] of entries.entries()) {
    const account = await results[i]!.account;
    if (account.attributes.accountType !== 'leaf') {
      throw ValidationError.field(`entries[${i}].accountId`, 'is a category account; only leaf accounts take entries', 'CategoryAccount');
    }
    const costCenter = await results[i]!.costCenter;
    if (costCenter && costCenter.attributes.status !== 'active') {
      throw ValidationError.field(`entries[${i}].costCenterId`, 'is an inactive cost center', 'InactiveCostCenter');
    }
    lines.push({ accountId: account.id, costCenterId: costCenter?.id ?? null, side: entry.side, amount: amounts[i]! });
  }
  return lines;
}
