import { describe, expect, it } from 'vitest';
import { ledgerKeys } from '../../../shared/db/table/keys.ts';
import { toMils, fromMils } from '../../../shared/money/mils.ts';
import { useGateway, type ApiResponse } from '../../support/api.ts';
import { companyBooks, credit, debit, postedJournal } from '../../support/ledger.ts';
import { ledgerItems } from '../support/spread-items.ts';

/**
 * An account's ledger entries are spread over several partition keys (by journal); its general
 * ledger reads every key and merges them, so pages still come in posting date, then serial
 * number order, with running balances exact and cursors that continue where a page ended.
 */
const gateway = useGateway();

describe('general ledger over spread ledger entries', () => {
  it('pages an account whose entries sit under several keys in ledger order, with exact running balances', async () => {
    // Arrange: one journal before the range (the opening balance), then 14 in it over four days, some with two cash lines.
    const { api, base, companyId, chart } = await companyBooks(gateway.url);
    await postedJournal(api, base, '2026-02-27', [debit(chart.cash.id, 1000), credit(chart.sales.id, 1000)]);
    const days = ['2026-03-09', '2026-03-02', '2026-03-09', '2026-03-05'];
    const posted: Array<{ postingDate: string; serialNumber: number; journalId: string; lines: Array<{ line: number; side: number; amount: string }> }> = [];
    for (let i = 0; i < 14; i++) {
      const day = days[i % days.length]!;
      const amount = `${i + 1}.${String(i * 7).padStart(2, '0')}`;
      const twoCashLines = i % 5 === 0;
      const entries = twoCashLines
        ? [debit(chart.cash.id, amount), credit(chart.cash.id, '0.5'), credit(chart.sales.id, fromMils(toMils(amount) - toMils('0.5')))]
        : i % 2 === 0
          ? [debit(chart.cash.id, amount), credit(chart.sales.id, amount)]
          : [debit(chart.rent.id, amount), credit(chart.cash.id, amount)];
      const journal = await postedJournal(api, base, day, entries);
      const cashLines = entries.flatMap((e, line) => (e.accountId === chart.cash.id ? [{ line, side: e.side, amount: String(e.amount) }] : []));
      posted.push({ postingDate: day, serialNumber: journal.serialNumber, journalId: journal.id, lines: cashLines });
    }
    const spreadOver = new Set((await ledgerItems(companyId, ledgerKeys.ledgerPrefix(chart.cash.id))).map((item) => item.pk));
    expect(spreadOver.size).toBeGreaterThan(1);

    let balance = toMils('1000');
    const expected = posted
      .sort((a, b) => (a.postingDate !== b.postingDate ? (a.postingDate < b.postingDate ? -1 : 1) : a.serialNumber - b.serialNumber))
      .flatMap((j) =>
        j.lines.map((l) => {
          balance += l.side === 1 ? toMils(l.amount) : -toMils(l.amount);
          return [j.postingDate, j.serialNumber, j.journalId, l.line, fromMils(balance)];
        }),
      );

    // Act: walk the ledger three lines a page.
    const walked: unknown[][] = [];
    let page: string | null = null;
    let first: { openingBalance: string; closingBalance: string } | undefined;
    do {
      const r: ApiResponse = await api.get(`${base}/Reports/GeneralLedger?accountId=${chart.cash.id}&dateFrom=2026-03-01&dateTo=2026-03-31&pageSize=3${page ? `&page=${encodeURIComponent(page)}` : ''}`);
      expect(r.status, r.text).toBe(200);
      first ??= r.body;
      walked.push(...r.body.results.map((l: { postingDate: string; serialNumber: number; journalId: string; line: number; balance: string }) => [l.postingDate, l.serialNumber, l.journalId, l.line, fromMils(toMils(l.balance))]));
      page = r.body.nextPage;
    } while (page);

    // Assert: every line once, in ledger order, each with the balance after it.
    expect(walked).toEqual(expected);
    expect(toMils(first!.openingBalance)).toBe(toMils('1000'));
    expect(toMils(first!.closingBalance)).toBe(balance);
  }, 120_000);
});
