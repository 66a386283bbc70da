import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkBalanced, swapSides, totals, type Line } from '../../../shared/journals/rules.ts';
import { balanceDeltas } from '../../../shared/journals/posting-figures.ts';

/** Amounts with up to 3 decimals and up to 12 integer digits, as decimal text. */
const amount = fc
  .tuple(fc.bigInt({ min: 1n, max: 999_999_999_999_999n }), fc.constantFrom(2, 3))
  .map(([units, precision]) => new Big(units.toString()).div(10 ** precision).toFixed(precision));

const accountId = fc.constantFrom('cash', 'bank', 'sales', 'rent', 'vat');
const costCenterId = fc.option(fc.constantFrom('hq', 'branch'), { nil: null });

/** A balanced journal: random debit lines, and credit lines splitting the same total. */
const balancedJournal = fc
  .array(fc.record({ accountId, costCenterId, amount }), { minLength: 1, maxLength: 12 })
  .chain((debits) => {
    const total = debits.reduce((s, l) => s.plus(l.amount), new Big(0));
    return fc.tuple(fc.constant(debits), fc.record({ accountId, costCenterId }), fc.constant(total));
  })
  .map(([debits, creditTarget, total]): Line[] => [
    ...debits.map((l) => ({ ...l, side: 1 as const })),
    { ...creditTarget, side: 2 as const, amount: total.toString() },
  ]);

const naiveNet = (lines: Line[], account: string) =>
  lines.filter((l) => l.accountId === account).reduce((s, l) => (l.side === 1 ? s.plus(l.amount) : s.minus(l.amount)), new Big(0));

describe('journal properties', () => {
  it('a balanced journal balances exactly, and its account deltas equal a naive recomputation', () => {
    fc.assert(
      fc.property(balancedJournal, (lines) => {
        expect(() => checkBalanced(lines)).not.toThrow();
        const deltas = balanceDeltas(lines, 1).filter((d) => d.costCenterId === null);
        const debit = deltas.reduce((s, d) => s.plus(d.debit), new Big(0));
        const credit = deltas.reduce((s, d) => s.plus(d.credit), new Big(0));
        expect(debit.eq(credit)).toBe(true);
        expect(debit.eq(totals(lines).debit)).toBe(true);
        for (const d of deltas) expect(new Big(d.debit).minus(d.credit).eq(naiveNet(lines, d.accountId))).toBe(true);
      }),
    );
  });

  it('posting then voiding, or posting then reversing, nets every balance to exactly zero', () => {
    fc.assert(
      fc.property(balancedJournal, (lines) => {
        const net = new Map<string, Big>();
        const apply = (deltas: ReturnType<typeof balanceDeltas>) => {
          for (const d of deltas) {
            const key = `${d.accountId}|${d.costCenterId}`;
            net.set(key, (net.get(key) ?? new Big(0)).plus(d.debit).minus(d.credit));
          }
        };
        apply(balanceDeltas(lines, 1));
        apply(balanceDeltas(lines, -1));
        apply(balanceDeltas(lines, 1));
        apply(balanceDeltas(swapSides(lines), 1));
        for (const value of net.values()) expect(value.eq(0)).toBe(true);
      }),
    );
  });
});
