import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MATCHING_RULES, proposeMatches } from '../../../shared/reconciliation/auto-match.ts';
import type { MatchRecord, StatementLineRecord } from '../../../shared/reconciliation/records.ts';
import { ledgerKey, reconcile, type LedgerItem } from '../../../shared/reconciliation/rules.ts';

/**
 * Random statements and ledgers (fees, split payments, batched deposits, same-amount traps with
 * other references, voided journals): automatic matching pairs only items of the same true group,
 * takes no line twice, and the reconciliation's identity holds after every step. PROPERTY_RUNS
 * sets the number of runs (CI keeps it small).
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 40);

type Truth = { group: string };
type Line = StatementLineRecord & Truth;
type Item = LedgerItem & Truth;

const cents = fc.integer({ min: 1, max: 500_000 }).map((n) => new Big(n).div(100).toFixed(2));
const day = (offset: number) => new Date(Date.UTC(2026, 10, 1 + offset)).toISOString().slice(0, 10);

/** One true group: how the bank and the books each saw one business event. */
const group = fc.record({
  shape: fc.constantFrom('oneToOne', 'batchedDeposit', 'splitPayment', 'fee', 'trap', 'bankOnly', 'booksOnly'),
  parts: fc.array(cents, { minLength: 2, maxLength: 4 }),
  amount: cents,
  day: fc.integer({ min: 0, max: 25 }),
  lag: fc.integer({ min: 0, max: 3 }),
  out: fc.boolean(),
});

type Group = typeof group extends fc.Arbitrary<infer G> ? G : never;

function books(groups: Group[]): { lines: Line[]; ledger: Item[] } {
  const lines: Line[] = [];
  const ledger: Item[] = [];
  let serial = 0;
  const line = (g: string, amount: string, date: string, description: string): Line => ({ companyId: 'c', accountId: 'a', bankReference: `B${lines.length}`, statementId: 'S', bookingDate: date, valueDate: date, amount, description, reversal: false, importId: 'i', group: g });
  const item = (g: string, amount: string, date: string, reference: string | null): Item => ({ journalId: `J${++serial}`, line: 0, postingDate: date, serialNumber: serial, description: null, reference, amount, group: g });
  groups.forEach((g, i) => {
    const sign = g.out ? '-' : '';
    const signed = (a: string) => `${sign}${a}`;
    const total = g.parts.reduce((t, p) => t.plus(p), new Big(0)).toFixed(2);
    const ref = `INV-${1000 + i}`;
    const at = day(g.day);
    const later = day(g.day + g.lag);
    const id = `g${i}`;
    if (g.shape === 'oneToOne') lines.push(line(id, signed(g.amount), later, `Payment ${ref}`)), ledger.push(item(id, signed(g.amount), at, ref));
    if (g.shape === 'batchedDeposit') lines.push(line(id, signed(total), later, `Deposit ${ref}`)), g.parts.forEach((p) => ledger.push(item(id, signed(p), at, ref)));
    if (g.shape === 'splitPayment') g.parts.forEach((p, k) => lines.push(line(id, signed(p), later, `Part ${k + 1} of ${ref}`))), ledger.push(item(id, signed(total), at, ref));
    if (g.shape === 'fee') lines.push(line(id, `-${g.amount}`, later, 'Bank charges')), ledger.push(item(id, `-${g.amount}`, at, null));
    // The same amount on both sides, but the bank names another invoice: never one match.
    if (g.shape === 'trap') lines.push(line(`${id}-bank`, signed(g.amount), later, `Payment INV-9${i}`)), ledger.push(item(`${id}-books`, signed(g.amount), at, ref));
    if (g.shape === 'bankOnly') lines.push(line(id, signed(g.amount), later, `Transfer ${ref}`));
    if (g.shape === 'booksOnly') ledger.push(item(id, signed(g.amount), at, ref));
  });
  return { lines, ledger };
}

/** The identity, and that no line is in two whole matches. */
function checkIdentity(date: string, lines: Line[], ledger: Item[], matches: Map<string, MatchRecord>) {
  const r = reconcile(date, 2, lines, ledger, matches);
  expect(new Big(r.statementBalance).minus(r.ledgerBalance).toFixed(2)).toBe(new Big(r.unmatchedStatementTotal).minus(r.unmatchedLedgerTotal).toFixed(2));
  return r;
}

describe('automatic matching and the reconciliation, over random books', () => {
  it('pairs only items of one true group, never a trap, each line once, and the identity holds after matching and after voids', () => {
    fc.assert(
      fc.property(fc.array(group, { minLength: 1, maxLength: 25 }), fc.array(fc.nat(), { maxLength: 5 }), fc.array(fc.nat(), { maxLength: 5 }), (groups, voids, reversals) => {
        const { lines, ledger } = books(groups);
        const date = '2026-12-31';
        checkIdentity(date, lines, ledger, new Map());
        const proposals = proposeMatches(lines, ledger, DEFAULT_MATCHING_RULES);
        const seen = new Set<string>();
        const matches = new Map<string, MatchRecord>();
        proposals.forEach((p, n) => {
          const groupsIn = new Set([...p.statementLines, ...p.ledgerLines].map((x) => (x as Line | Item).group));
          expect([...groupsIn], p.reason).toHaveLength(1);
          const statementTotal = p.statementLines.reduce((t, l) => t.plus(l.amount), new Big(0));
          expect(statementTotal.eq(p.ledgerLines.reduce((t, l) => t.plus(l.amount), new Big(0)))).toBe(true);
          for (const key of [...p.statementLines.map((l) => l.bankReference), ...p.ledgerLines.map(ledgerKey)]) {
            expect(seen.has(key), key).toBe(false);
            seen.add(key);
          }
          const matchId = `m${n}`;
          for (const l of p.statementLines) l.matchId = matchId;
          matches.set(matchId, { companyId: 'c', accountId: 'a', matchId, statementLines: p.statementLines.map((l) => l.bankReference), ledgerLines: p.ledgerLines.map((l) => ({ journalId: l.journalId, line: l.line, amount: l.amount, postingDate: l.postingDate })), amount: statementTotal.toFixed(2), rule: p.rule, reason: p.reason, matchedBy: { type: 'user', id: 'u' }, matchedAt: '', version: 1 });
        });
        // Every group the rules can tell apart is matched whole: one to one, deposits, splits.
        for (const [i, g] of groups.entries()) {
          if (g.shape === 'oneToOne' || g.shape === 'batchedDeposit' || g.shape === 'splitPayment') expect(lines.filter((l) => l.group === `g${i}`).every((l) => l.matchId), `${g.shape} g${i}`).toBe(true);
          if (g.shape === 'trap' || g.shape === 'bankOnly') expect(lines.filter((l) => l.group === `g${i}` || l.group === `g${i}-bank`).some((l) => l.matchId), `${g.shape} g${i}`).toBe(false);
        }
        const after = checkIdentity(date, lines, ledger, matches);
        expect(after.unmatchedStatement.length).toBe(lines.filter((l) => !l.matchId).length);
        // Journals voided after matching: their ledger lines gone, their matches broken, the identity still holds.
        const gone = new Set(voids.flatMap((v) => (ledger.length > 0 ? [ledger[v % ledger.length]!.journalId] : [])));
        const remaining = ledger.filter((l) => !gone.has(l.journalId));
        const broken = checkIdentity(date, lines, remaining, matches);
        const brokenIds = new Set([...matches.values()].filter((m) => m.ledgerLines.some((l) => gone.has(l.journalId))).map((m) => m.matchId));
        expect(new Set(broken.brokenMatches.map((b) => b.matchId))).toEqual(brokenIds);
        // Journals reversed after matching: their lines stay (their matches hold), the reversing journals' opposite lines are unmatched, the identity holds.
        const reversed = [...new Set(reversals.flatMap((r) => (remaining.length > 0 ? [remaining[r % remaining.length]!.journalId] : [])))];
        const reversing = remaining.filter((l) => reversed.includes(l.journalId)).map((l, k) => ({ ...l, journalId: `R${k}-${l.journalId}`, amount: new Big(l.amount).neg().toFixed(2), group: `reversal-${l.group}` }));
        const afterReversals = checkIdentity(date, lines, [...remaining, ...reversing], matches);
        expect(new Set(afterReversals.brokenMatches.map((b) => b.matchId))).toEqual(brokenIds);
        expect(afterReversals.unmatchedLedger.filter((l) => l.journalId.startsWith('R'))).toHaveLength(reversing.length);
        expect(afterReversals.unmatchedStatement.length).toBe(broken.unmatchedStatement.length);
      }),
      { numRuns: RUNS, seed: Number(process.env.PROPERTY_SEED ?? 20261129) },
    );
  });
});
