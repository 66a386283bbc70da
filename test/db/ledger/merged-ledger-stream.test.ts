import { describe, expect, it } from 'vitest';
import { countingDatabaseCalls } from '../../../shared/db/table/call-count.ts';
import { db } from '../../../shared/db/table/client.ts';
import { ledgerKeys } from '../../../shared/db/table/keys.ts';
import { ledgerRowsOfItem } from '../../../shared/db/ledger/ledger-store.ts';
import { mergedLedgerLines } from '../../../shared/db/ledger/merged-ledger-stream.ts';
import { sortsBefore, type LedgerRow } from '../../../shared/journals/ledger-entries.ts';
import { useGateway } from '../../support/api.ts';
import { companyBooks, credit, debit, postedJournal } from '../../support/ledger.ts';
import { ledgerItems } from '../support/spread-items.ts';

/**
 * A category's lines are read from every (leaf, ledger partition key) once, page after page,
 * and merged in ledger order: posting date, serial number, journal, then account, then line.
 */
const gateway = useGateway();
const MARCH = { from: '2026-03-01', to: '2026-03-31' };
const place = (row: LedgerRow) => [row.position, row.accountId, row.line];

async function collected(rows: AsyncIterable<LedgerRow>, stopAfter = Number.POSITIVE_INFINITY): Promise<LedgerRow[]> {
  const found: LedgerRow[] = [];
  for await (const row of rows) {
    found.push(row);
    if (found.length >= stopAfter) break;
  }
  return found;
}

describe('merged ledger lines', () => {
  it('merges two leaves read a page of one or two items at a time in ledger order, each item read once', async () => {
    // Arrange: journals on three days of March (one before, one after), some with both leaves, some with two lines on one.
    const { api, base, companyId, chart } = await companyBooks(gateway.url);
    await postedJournal(api, base, '2026-02-27', [debit(chart.cash.id, 1000), credit(chart.sales.id, 1000)]);
    const days = ['2026-03-09', '2026-03-02', '2026-03-31', '2026-03-02'];
    for (let i = 0; i < 16; i++) {
      const entries =
        i % 4 === 0
          ? [debit(chart.cash.id, 5, chart.hq.id), debit(chart.bank.id, 3), credit(chart.cash.id, 2), credit(chart.sales.id, 6)]
          : i % 4 === 1
            ? [debit(chart.bank.id, i + 1, chart.hq.id), credit(chart.sales.id, i + 1)]
            : [debit(chart.rent.id, i + 1), credit(chart.cash.id, i + 1)];
      await postedJournal(api, base, days[i % days.length]!, entries);
    }
    await postedJournal(api, base, '2026-04-01', [debit(chart.bank.id, 7), credit(chart.sales.id, 7)]);
    const leaves = [chart.cash.id, chart.bank.id];
    const items = (await Promise.all(leaves.map(async (id) => (await ledgerItems(companyId, ledgerKeys.ledgerPrefix(id))).map((item) => ({ item, id }))))).flat();
    const expected = items
      .flatMap(({ item, id }) => ledgerRowsOfItem(item, id))
      .filter((row) => row.postingDate >= MARCH.from && row.postingDate <= MARCH.to)
      .sort((a, b) => (sortsBefore(a, b) ? -1 : 1));
    const inMarch = items.filter(({ item }) => (item.postingDate as string) >= MARCH.from && (item.postingDate as string) <= MARCH.to).length;
    expect(expected.length).toBe(16 + 4 * 2);

    // Act
    const byOne = await countingDatabaseCalls(() => collected(mergedLedgerLines(companyId, leaves, MARCH, () => true, sortsBefore, 1)));
    const byTwo = await collected(mergedLedgerLines(companyId, leaves, MARCH, () => true, sortsBefore, 2));
    const atOnce = await countingDatabaseCalls(() => collected(mergedLedgerLines(companyId, leaves, MARCH, () => true, sortsBefore)));
    const onHq = await collected(mergedLedgerLines(companyId, leaves, MARCH, (row) => row.costCenterId === chart.hq.id, sortsBefore, 1));

    // Assert: the same rows in the same order however they are paged; no item read twice.
    expect(byOne.result.map(place)).toEqual(expected.map(place));
    expect(byOne.result).toEqual(expected);
    expect(byTwo.map(place)).toEqual(expected.map(place));
    expect(atOnce.result.map(place)).toEqual(expected.map(place));
    const sources = leaves.length * ledgerKeys.partitions(companyId).length;
    // A page of one item per read: every item once, and at most one empty read closing each source.
    expect(byOne.calls).toBeGreaterThanOrEqual(inMarch);
    expect(byOne.calls).toBeLessThanOrEqual(inMarch + sources);
    expect(atOnce.calls).toBe(sources);
    expect(onHq.map(place)).toEqual(expected.filter((row) => row.costCenterId === chart.hq.id).map(place));
    expect(onHq.length).toBe(8);
  }, 120_000);

  it('sends no read after the walk is left early: reads queued then are dropped', async () => {
    // Arrange: five accounts over eight keys each (40 sources, more than the reads in flight at once), a line on each per journal.
    const { api, base, companyId, chart } = await companyBooks(gateway.url);
    for (let i = 0; i < 12; i++) await postedJournal(api, base, `2026-03-${String(i + 1).padStart(2, '0')}`, [debit(chart.cash.id, 4), debit(chart.bank.id, 3), debit(chart.rent.id, 2), credit(chart.sales.id, 5), credit(chart.retained.id, 4)]);
    const accounts = [chart.cash.id, chart.bank.id, chart.rent.id, chart.sales.id, chart.retained.id];
    let sent = 0;
    db().middlewareStack.add((next) => (args) => ((sent += 1), next(args)), { step: 'initialize', name: 'countReadsSentInTest' });
    try {
      const whole = sent;
      const all = await collected(mergedLedgerLines(companyId, accounts, MARCH, () => true, sortsBefore, 1));
      const wholeWalk = sent - whole;

      // Act: leave the walk after three lines, then wait for what was in flight.
      const before = sent;
      const first = await collected(mergedLedgerLines(companyId, accounts, MARCH, () => true, sortsBefore, 1), 3);
      const atLeaving = sent - before;
      await new Promise((resolve) => setTimeout(resolve, 500));

      // Assert
      expect(first).toEqual(all.slice(0, 3));
      expect(all).toHaveLength(60);
      expect(atLeaving).toBeLessThan(wholeWalk);
      expect(sent - before).toBe(atLeaving);
    } finally {
      db().middlewareStack.remove('countReadsSentInTest');
    }
  }, 60_000);
});
