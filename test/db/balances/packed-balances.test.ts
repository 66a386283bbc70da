import { describe, expect, it } from 'vitest';
import { packedDayItems, type DayFigures } from '../../../shared/db/ledger/packed-balances.ts';
import { unpackedBalances } from '../../../shared/db/ledger/unpacked-balances.ts';

/** An import's day balance items packed a day's accounts an item (shared/db/ledger/packed-balances.ts). */
const COMPANY = '00000000-0000-4000-8000-000000000001';
const account = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const figures = (n: number) => ({ debit: `${n}.01`, credit: '0', ...(n % 3 === 0 ? { 'USD:d': `${n}.5`, 'USD:c': '0', 'USD:b': `${n * 3}.75` } : {}) });
/** A day of `accounts` account totals and as many amounts in a cost center. */
const day = (date: string, accounts: number): DayFigures[] =>
  Array.from({ length: accounts }, (_, n): DayFigures[] => [
    { day: date, costCenters: false, shard: 1070, accountId: account(n), costCenterId: '-', figures: figures(n) },
    { day: date, costCenters: true, shard: 1070, accountId: account(n), costCenterId: account(9_000 + (n % 4)), figures: figures(n + 1) },
  ]).flat();
const asRows = (items: Array<Record<string, unknown>>) => items.flatMap(unpackedBalances).map(({ sk, ...row }) => ({ day: String(sk).split('#')[3], ...row }));
const rowsOf = (days: DayFigures[]) => days.map((d) => ({ day: d.day, accountId: d.accountId, costCenterId: d.costCenterId, ...d.figures }));
const bySort = (rows: Array<Record<string, unknown>>) => rows.map((r) => JSON.stringify(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : 1)))).sort();
const bySortKey = (items: Array<Record<string, unknown>>) => [...items].sort((a, b) => (String(a.sk) < String(b.sk) ? -1 : 1));

describe('packed day balance items', () => {
  it("pack a day's totals into one item and its cost-center amounts into another, under the day's sort key, and unpack to the same figures", () => {
    const figuresOfDays = [...day('2026-03-04', 40), ...day('2026-03-05', 3)];
    const items = packedDayItems(COMPANY, figuresOfDays);

    expect(items.map((i) => i.sk).sort()).toEqual(['BAL#C#D#2026-03-04#+1070#0', 'BAL#C#D#2026-03-05#+1070#0', 'BAL#T#D#2026-03-04#+1070#0', 'BAL#T#D#2026-03-05#+1070#0']);
    expect(new Set(items.map((i) => i.pk))).toEqual(new Set([`COMPANY#${COMPANY}#BAL#${1070 % 16}`]));
    expect(bySort(asRows(items))).toEqual(bySort(rowsOf(figuresOfDays)));
  });

  it('split a day of a large chart into parts of at most 64,000 bytes of entries, the same parts whatever order the figures come in', () => {
    const figuresOfDay = day('2026-03-04', 3_000);
    const items = packedDayItems(COMPANY, figuresOfDay);
    const again = packedDayItems(COMPANY, [...figuresOfDay].reverse());

    expect(items.length).toBeGreaterThan(4);
    for (const item of items) expect(String(item.entries).length).toBeLessThanOrEqual(64_000);
    expect(bySortKey(again)).toEqual(bySortKey(items));
    expect(bySort(asRows(items))).toEqual(bySort(rowsOf(figuresOfDay)));
  });

  it('read an ordinary balance item as itself', () => {
    const item = { pk: 'p', sk: 'BAL#T#D#2026-03-04#a#3', entity: 'Balance', accountId: 'a', costCenterId: '-', debit: '1' };
    expect(unpackedBalances(item)).toEqual([item]);
  });
});
