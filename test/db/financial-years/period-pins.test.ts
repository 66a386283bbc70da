import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/keys.ts';
import { markBusy, wantsPin } from '../../../shared/db/capacity/busy-records.ts';
import { pinPeriod } from '../../../shared/db/capacity/use-pins.ts';
import { mustGetYear } from '../../../shared/db/stores/year-store.ts';
import { postingPeriodCheckOp } from '../../../shared/db/ledger/posting-periods.ts';
import { PIN_MS } from '../../../shared/db/capacity/pin-rules.ts';
import { useGateway } from '../../support/api.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';
import { watchTransactions } from '../support/transactions-seen.ts';

const gateway = useGateway();
const watch = watchTransactions();
afterAll(() => watch.stop());

const yearItem = async (companyId: string, yearId: string) => (await db().send(new GetCommand({ TableName: config.tableName, Key: keys.year(companyId, yearId), ConsistentRead: true }))).Item!;
/** Sets a period's pin on the year item, as a busy instance would have. */
const setPeriodPin = (companyId: string, yearId: string, periodId: string, until: number) =>
  db().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: keys.year(companyId, yearId),
      UpdateExpression: 'SET periods.#p.pinnedUntil = :until, pinnedUntil = :until',
      ExpressionAttributeNames: { '#p': periodId },
      ExpressionAttributeValues: { ':until': until },
    }),
  );

type Books = Awaited<ReturnType<typeof companyBooks>>;
const yearOf = async (books: Books) => (await books.api.get(`${books.base}/FinancialYears`)).body.results[0];
const periodOn = (year: { periods: Array<{ id: string; startDate: string; endDate: string; version: number }> }, day: string) => year.periods.find((p) => p.startDate <= day && day <= p.endDate)!;

/**
 * A busy period's use pin (docs/decisions.md, Capacity): while it lives, postings into the period
 * check nothing of it at commit, and nothing that would stop them (its Lock or Close, the year's
 * Close, re-dating or delete) commits until it ends.
 */
describe('period pins', () => {
  const post = async ({ api, base, chart }: Books, day: string, amount: string) => {
    const draft = await api.post(`${base}/Journals`, { date: `${day}T08:00:00Z`, entries: [debit(chart.cash.id, amount), credit(chart.sales.id, amount)] });
    const posted = await api.post(`${base}/Journals/${draft.body.id}/Post`, { postingDate: day, version: draft.body.version });
    expect(posted.status).toBe(200);
    return posted.body;
  };
  const guardChecks = (companyId: string, journalId: string) =>
    watch.seen.findLast((items) => items.some((i) => i.sk === `JOURNAL#${journalId}`))!.filter((i) => i.pk.startsWith(`COMPANY#${companyId}#GUARD#`));

  it('pins a period this instance saw postings conflict on, with its year; a posting into the pinned period checks no guard', async () => {
    const books = await companyBooks(gateway.url);
    const { api, base, companyId } = books;
    const year = await yearOf(books);
    const march = periodOn(year, '2026-03-10');
    watch.seen.length = 0;
    const checked = await post(books, '2026-03-10', '1.00');
    expect(guardChecks(companyId, checked.id).map((i) => i.kind)).toEqual(['ConditionCheck']);

    // A posting's check of the guard was cancelled by another at once.
    expect(wantsPin(march)).toBe(false);
    postingPeriodCheckOp(companyId, year.id, march.id, 0).onConflict?.();
    expect(wantsPin(march)).toBe(true);
    await post(books, '2026-03-11', '2.00');
    const item = await yearItem(companyId, year.id);
    const pinnedUntil = item.periods[march.id].pinnedUntil as number;
    expect(pinnedUntil - Date.now()).toBeGreaterThan(PIN_MS - 60_000);
    expect(item.pinnedUntil).toBe(pinnedUntil);

    watch.seen.length = 0;
    const spared = await post(books, '2026-03-12', '4.00');
    expect(guardChecks(companyId, spared.id)).toEqual([]);
    // Another period still checks.
    const april = await post(books, '2026-04-01', '8.00');
    expect(guardChecks(companyId, april.id)).toHaveLength(1);
    const balance = (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-03-01&dateTo=2026-03-31`)).body.rows.find((r: { code: string }) => r.code === '1101');
    expect(balance.closing).toEqual({ debit: '7.00', credit: '0.00' });
    // Not shown in the period's or the year's answer.
    const shown = (await api.get(`${base}/FinancialYears/${year.id}`)).body;
    expect(shown).not.toHaveProperty('pinnedUntil');
    expect(periodOn(shown, '2026-03-10')).not.toHaveProperty('pinnedUntil');
  });

  it('refuses to lock or close a pinned period, or delete its year, until the pin ends; other periods lock', async () => {
    const books = await companyBooks(gateway.url);
    const { api, base, companyId } = books;
    const year = await yearOf(books);
    const march = periodOn(year, '2026-03-10');
    const april = periodOn(year, '2026-04-10');
    markBusy(march.id);
    const read = await mustGetYear(companyId, year.id);
    await pinPeriod(companyId, read, read.periods.find((p) => p.id === march.id)!);
    expect((await yearItem(companyId, year.id)).periods[march.id].pinnedUntil).toBeGreaterThan(Date.now());

    const periodPath = (p: { id: string }) => `${base}/FinancialYears/${year.id}/Periods/${p.id}`;
    const lock = await api.post(`${periodPath(march)}/Lock`, { version: march.version });
    const close = await api.post(`${periodPath(march)}/Close`, { version: march.version });
    for (const refused of [lock, close]) expect([refused.status, refused.body.errors?.[0]?.code, refused.body.errors?.[0]?.reason]).toEqual([409, 'Conflict', expect.stringContaining('taking many postings')]);
    expect((await api.post(`${periodPath(april)}/Lock`, { version: april.version })).status).toBe(200);
    // The year's pin lasts as long: its delete (as its Close and re-dating) is refused too.
    const current = (await api.get(`${base}/FinancialYears/${year.id}`)).body;
    const yearDelete = await api.delete(`${base}/FinancialYears/${year.id}`, { version: current.version });
    expect([yearDelete.status, yearDelete.body.errors?.[0]?.reason]).toEqual([409, expect.stringContaining('taking many new drafts or postings')]);
    // A rename puts the year whole and keeps the pin.
    const renamed = await api.put(`${base}/FinancialYears/${year.id}`, { name: 'Renamed', startDate: current.startDate, endDate: current.endDate, version: current.version });
    expect(renamed.status).toBe(200);
    expect((await yearItem(companyId, year.id)).periods[march.id].pinnedUntil).toBeGreaterThan(Date.now());

    await setPeriodPin(companyId, year.id, march.id, Date.now() - 1);
    expect((await api.post(`${periodPath(march)}/Lock`, { version: march.version })).status).toBe(200);
  });

  it('takes no pin on a period locked since it was read', async () => {
    const books = await companyBooks(gateway.url);
    const { api, base, companyId } = books;
    const year = await yearOf(books);
    const may = periodOn(year, '2026-05-10');
    const read = await mustGetYear(companyId, year.id);
    expect((await api.post(`${base}/FinancialYears/${year.id}/Periods/${may.id}/Lock`, { version: may.version })).status).toBe(200);
    markBusy(may.id);
    await pinPeriod(companyId, read, read.periods.find((p) => p.id === may.id)!);
    const item = await yearItem(companyId, year.id);
    expect([item.periods[may.id].pinnedUntil, item.pinnedUntil]).toEqual([undefined, undefined]);
  });
});
