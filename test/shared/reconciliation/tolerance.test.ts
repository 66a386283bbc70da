import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MATCHING_RULES, proposeMatches, TOLERANCE_SCAN, type MatchingRule } from '../../../shared/reconciliation/auto-match.ts';
import type { StatementLineRecord } from '../../../shared/reconciliation/records.ts';
import type { LedgerItem } from '../../../shared/reconciliation/rules.ts';

/** Matching within a rule's tolerance: the difference proposed for posting, never past the tolerance, never ambiguous. */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 40);
const FEES = 'acct-fees';

let n = 0;
const line = (amount: string, date: string, description = 'Transfer'): StatementLineRecord => ({ companyId: 'c', accountId: 'a', bankReference: `B${++n}`, statementId: 'S', bookingDate: date, valueDate: date, amount, description, reversal: false, importId: 'i' });
const item = (amount: string, date: string, reference: string | null = null): LedgerItem => ({ journalId: `J${++n}`, line: 0, postingDate: date, serialNumber: n, description: null, reference, amount });

const byReference: MatchingRule = { name: 'Reference, fees within 1.00', matchOn: 'reference', dateWindowDays: 10, amountTolerance: '1.00', differenceAccountId: FEES };
const byAmount: MatchingRule = { name: 'Amount within 0.50', matchOn: 'amountAndDate', dateWindowDays: 3, amountTolerance: '0.50', differenceAccountId: FEES };

describe('matching within a tolerance', () => {
  it('proposes a reference match short by a bank fee, with the difference to post, and none past the tolerance', () => {
    const short = line('995.50', '2026-11-04', 'Payment INV-2001');
    const far = line('990.00', '2026-11-04', 'Payment INV-2002');
    const ledger = [item('1000.00', '2026-11-02', 'INV-2001'), item('1000.00', '2026-11-02', 'INV-2002')];
    expect(proposeMatches([short, far], ledger, DEFAULT_MATCHING_RULES)).toEqual([]);
    const [proposal, ...rest] = proposeMatches([short, far], ledger, [...DEFAULT_MATCHING_RULES, { ...byReference, amountTolerance: '5.00' }]);
    expect(rest).toEqual([]);
    expect(proposal).toMatchObject({ statementLines: [short], ledgerLines: [ledger[0]], difference: { amount: '-4.5', accountId: FEES } });
    expect(proposal!.reason).toContain('difference of -4.5');
  });

  it('takes an exact match first, and leaves a line with two candidates within the tolerance', () => {
    const exact = line('-25.00', '2026-11-10');
    const near = line('-40.30', '2026-11-10');
    const torn = line('-60.20', '2026-11-10');
    const ledger = [item('-25.00', '2026-11-10'), item('-40.00', '2026-11-11'), item('-60.00', '2026-11-10'), item('-60.40', '2026-11-10')];
    const proposals = proposeMatches([exact, near, torn], ledger, [...DEFAULT_MATCHING_RULES, byAmount]);
    expect(proposals.map((p) => [p.statementLines[0]!.amount, p.ledgerLines[0]!.amount, p.difference?.amount ?? null])).toEqual([
      ['-25.00', '-25.00', null],
      ['-40.30', '-40.00', '-0.3'],
    ]);
  });

  it('leaves a line whose amount range holds more ledger lines than it looks at', () => {
    const crowded = Array.from({ length: TOLERANCE_SCAN + 1 }, (_, i) => item(new Big('100.00').plus(new Big(i).div(1000)).toFixed(3), '2026-01-01'));
    const lonely = item('100.10', '2026-11-10');
    expect(proposeMatches([line('100.10', '2026-11-10')], [...crowded, lonely], [byAmount])).toEqual([]);
    expect(proposeMatches([line('100.10', '2026-11-10')], [lonely], [byAmount])).toHaveLength(1);
  });

  it('over random books: every proposal is within its tolerance, its difference exactly the gap, each line once', () => {
    const amounts = fc.integer({ min: 1, max: 200_000 }).map((c) => new Big(c).div(100));
    const gaps = fc.integer({ min: -150, max: 150 }).map((c) => new Big(c).div(100));
    fc.assert(
      fc.property(fc.array(fc.record({ amount: amounts, gap: gaps, day: fc.integer({ min: 1, max: 28 }), named: fc.boolean() }), { minLength: 1, maxLength: 30 }), (pairs) => {
        const lines: StatementLineRecord[] = [];
        const ledger: LedgerItem[] = [];
        pairs.forEach((p, i) => {
          const date = `2026-11-${String(p.day).padStart(2, '0')}`;
          lines.push(line(p.amount.plus(p.gap).toFixed(2), date, p.named ? `Payment INV-${3000 + i}` : 'Transfer'));
          ledger.push(item(p.amount.toFixed(2), date, p.named ? `INV-${3000 + i}` : null));
        });
        const seen = new Set<string>();
        for (const p of proposeMatches(lines, ledger, [...DEFAULT_MATCHING_RULES, byReference, byAmount])) {
          const gap = p.statementLines.reduce((t, l) => t.plus(l.amount), new Big(0)).minus(p.ledgerLines.reduce((t, l) => t.plus(l.amount), new Big(0)));
          const rule = [byReference, byAmount].find((r) => r.name === p.rule);
          expect(gap.abs().lte(rule?.amountTolerance ?? 0), p.reason).toBe(true);
          expect(p.difference ? new Big(p.difference.amount).eq(gap) : gap.eq(0)).toBe(true);
          for (const key of [...p.statementLines.map((l) => l.bankReference), ...p.ledgerLines.map((l) => l.journalId)]) {
            expect(seen.has(key), key).toBe(false);
            seen.add(key);
          }
        }
      }),
      { numRuns: RUNS, seed: Number(process.env.PROPERTY_SEED ?? 20261129) },
    );
  });
});
