import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TOTAL_GROUP, type GroupedSums } from '../../../shared/balances/records.ts';
import { bookChange, changesOfEvent, journalOfChange, linesOfAnswer, type BookChange, type JournalAnswer } from '../../../shared/audit/book-changes.ts';
import { closingsAt, ledgerDifference, mergedRows, rowKey } from '../../../shared/audit/ledger-at.ts';
import { takeBack } from '../../../shared/audit/take-back.ts';
import { movesOf } from '../../../shared/audit/book-summaries.ts';
import { ledgerRowsOf } from '../../../shared/db/ledger/ledger-store.ts';
import { linesByAccount, type Line } from '../../../shared/journals/rules.ts';

const line = (accountId: string, side: 1 | 2, amount: string, costCenterId: string | null = null): Line => ({ accountId, costCenterId, side, amount });
let sequence = 0;
const change = (journalId: string, effect: 1 | -1, lines: Line[], postingDate = '2026-01-10', closing = false): BookChange =>
  bookChange({ occurredAt: `2026-02-01T00:00:0${sequence % 10}.000Z`, sequence: ++sequence, type: effect === 1 ? 'JournalPosted' : 'JournalVoided' }, effect, { id: journalId, serialNumber: journalId.charCodeAt(0), date: `${postingDate}T00:00:00Z`, postingDate, financialYearId: 'y', periodId: 'p', entries: lines }, closing);
const rowsOf = (c: BookChange) => ledgerRowsOf(journalOfChange(c), linesByAccount);
/** What taking back the changes adds, as known-at.ts gathers it. */
const undoOf = (changes: readonly BookChange[]) => movesOf(changes, -1);

describe('takeBack', () => {
  it('subtracts a posting made after the moment and adds back a void, within the scope and through the date', () => {
    // Arrange: now, cash 100 debit (a journal posted after the moment), and a void of 30 after it.
    const now: GroupedSums = new Map([[TOTAL_GROUP, new Map([['cash', { debit: 100_000n, credit: 0n }], ['sales', { debit: 0n, credit: 100_000n }]])]]);
    const posted = change('a', 1, [line('cash', 1, '100'), line('sales', 2, '100')]);
    const voided = change('b', -1, [line('cash', 1, '30', 'hq'), line('sales', 2, '30')]);
    const later = change('c', 1, [line('cash', 1, '5'), line('sales', 2, '5')], '2026-03-01');

    // Act
    const total = takeBack(now, undoOf([posted, voided, later]), { kind: 'total' }, '2026-01-31');
    const hq = takeBack(new Map(), undoOf([posted, voided]), { kind: 'costCenter', costCenterId: 'hq' }, '2026-01-31');

    // Assert
    expect(total.get(TOTAL_GROUP)).toEqual(new Map([['cash', { debit: 30_000n, credit: 0n }], ['sales', { debit: 0n, credit: 30_000n }]]));
    expect(hq.get('hq')).toEqual(new Map([['cash', { debit: 30_000n, credit: 0n }]]));
    expect(now.get(TOTAL_GROUP)!.get('cash')).toEqual({ debit: 100_000n, credit: 0n });
  });

  it('takes back foreign-currency figures with their base', () => {
    const foreign: Line = { ...line('bank', 1, '37.50'), currency: 'USD', foreign: { amount: '10', exchangeRate: '3.75' } };
    const result = takeBack(new Map(), undoOf([change('a', 1, [foreign, line('sales', 2, '37.50')])]), { kind: 'currencies' }, '2026-12-31');
    expect(result.get('USD')!.get('bank')).toEqual({ debit: -10_000n, credit: 0n, base: -37_500n });
  });
});

describe('ledgerDifference', () => {
  it('undoes the changes newest first: posted, voided and posted again after the moment is hidden; voided after it is restored', () => {
    // Arrange
    const lines = [line('cash', 1, '10'), line('sales', 2, '10')];
    const again = [change('a', 1, lines), change('a', -1, lines), change('a', 1, lines)];
    const voidedAfter = [change('b', -1, [line('cash', 1, '7'), line('sales', 2, '7')])];

    // Act
    const difference = ledgerDifference([...again, ...voidedAfter], rowsOf);

    // Assert
    expect([...difference.hidden].sort()).toEqual(rowsOf(again[0]!).map(rowKey).sort());
    expect(difference.restored.map((r) => [r.journalId, r.accountId, r.amount])).toEqual([
      ['b', 'cash', '7'],
      ['b', 'sales', '7'],
    ]);
  });

  it('equals replaying the changes on a ledger, for any sequence of posts and voids (property)', async () => {
    const journals = ['a', 'b', 'c'];
    const entriesOf = (j: string) => [line(`cash-${j}`, 1, '1'), line('sales', 2, '1')];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...journals), { maxLength: 12 }), fc.nat(12), async (toggles, cut) => {
        // A consistent history: each toggle posts a journal not in the ledger, or voids one that is.
        const inLedger = new Set<string>();
        const history = toggles.map((j) => {
          const effect = inLedger.has(j) ? -1 : 1;
          if (effect === 1) inLedger.add(j);
          else inLedger.delete(j);
          return change(j, effect, entriesOf(j));
        });
        const at = Math.min(cut, history.length);
        const replay = (changes: BookChange[]) => {
          const rows = new Map<string, unknown>();
          for (const c of changes) for (const r of rowsOf(c)) (c.effect === 1 ? rows.set(rowKey(r), r) : rows.delete(rowKey(r)));
          return rows;
        };
        const now = [...replay(history).values()] as ReturnType<typeof rowsOf>;
        const sorted = (rows: ReturnType<typeof rowsOf>) => rows.map(rowKey).sort();
        const then: ReturnType<typeof rowsOf> = [];
        for await (const r of mergedRows(now.sort((x, y) => (x.position < y.position ? -1 : 1)), ledgerDifference(history.slice(at), rowsOf))) then.push(r);
        expect(sorted(then)).toEqual(sorted([...replay(history.slice(0, at)).values()] as ReturnType<typeof rowsOf>));
      }),
      { numRuns: 200 },
    );
  });
});

describe('closingsAt', () => {
  it('keeps a closing journal voided after the moment and drops one posted after it', () => {
    const closing = [line('sales', 1, '9'), line('retained', 2, '9')];
    const posted = { id: 'new', postingDate: '2026-12-31', entries: closing };
    const result = closingsAt([posted], [change('old', -1, closing, '2026-12-31', true), change('new', 1, closing, '2026-12-31', true)]);
    expect(result).toEqual([{ id: 'old', postingDate: '2026-12-31', entries: closing }]);
  });
});

describe('changesOfEvent', () => {
  const answer = (status: string, postingDate: string | null): JournalAnswer => ({
    id: 'j',
    serialNumber: 3,
    date: '2026-01-10T00:00:00Z',
    description: null,
    reference: null,
    status,
    postingDate,
    financialYearId: postingDate && 'y',
    periodId: postingDate && 'p',
    entries: [
      { accountId: 'bank', costCenterId: null, side: 1, amount: 10, currency: 'USD', exchangeRate: '3.75', baseAmount: 37.5 },
      { accountId: 'sales', costCenterId: null, side: 2, amount: 37.5, currency: 'SAR', exchangeRate: '1', baseAmount: 37.5 },
    ],
  });
  const context = { baseCurrency: 'SAR', journals: new Map(), closingIds: new Set<string>() };
  const event = (type: 'JournalPosted' | 'JournalVoided' | 'JournalAdjusted', data: JournalAnswer) => ({ occurredAt: '2026-02-01T00:00:00.000Z', sequence: 9, type, recordId: 'j', data: data as unknown as Record<string, unknown> });

  it('reads the lines back as the journal keeps them: base amounts, foreign amounts and rates for lines in another currency', () => {
    expect(linesOfAnswer(answer('posted', '2026-01-10'), 'SAR')).toEqual([
      { accountId: 'bank', costCenterId: null, side: 1, amount: '37.5', currency: 'USD', foreign: { amount: '10', exchangeRate: '3.75' } },
      { accountId: 'sales', costCenterId: null, side: 2, amount: '37.5', currency: 'SAR' },
    ]);
  });

  it('adds a posting, takes back a void of a posted journal, nothing for a discarded draft, and an adjust at the posting it had', () => {
    expect(changesOfEvent(event('JournalPosted', answer('posted', '2026-01-10')), context).map((c) => [c.effect, c.postingDate])).toEqual([[1, '2026-01-10']]);
    expect(changesOfEvent(event('JournalVoided', answer('voided', '2026-01-10')), context).map((c) => c.effect)).toEqual([-1]);
    expect(changesOfEvent(event('JournalVoided', answer('voided', null)), context)).toEqual([]);
    expect(changesOfEvent(event('JournalAdjusted', answer('draft', null)), { ...context, before: answer('posted', '2026-01-10') }).map((c) => [c.effect, c.periodId])).toEqual([[-1, 'p']]);
  });
});
