import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runSchedules } from '../../../functions/ops/run-schedules.ts';
import { useGateway, type Client } from '../../support/api.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';
import { history } from '../../support/record-history.ts';

/** Recurring journals: templates (versioned), their occurrences generated once by the worker, blocked when refused, skipped only when asked. */
const gateway = useGateway();

type Books = Awaited<ReturnType<typeof companyBooks>>;
const rent = (books: Books, extra: Record<string, unknown> = {}) => ({
  description: 'Monthly rent',
  lines: [debit(books.chart.rent.id, '1000.50', books.chart.hq.id), credit(books.chart.bank.id, '1000.50')],
  recurrence: { frequency: 'monthly', dayOfMonth: 'last' },
  startDate: '2026-01-01',
  action: 'post',
  ...extra,
});
const create = async (api: Client, base: string, body: unknown) => {
  const r = await api.post(`${base}/Schedules`, body);
  if (r.status !== 200) throw new Error(r.text);
  return r.body;
};
const run = (companyId: string, today: string) => runSchedules({ companyId, today });
const occurrences = async (api: Client, base: string, id: string) => (await api.get(`${base}/Schedules/${id}/Occurrences?pageSize=100`)).body.results;
const journalsOf = async (api: Client, base: string, id: string) =>
  (await api.get(`${base}/Journals?pageSize=100&orderAsc=true&orderBy=Date`)).body.results.filter((j: { reference?: string }) => j.reference?.startsWith(`schedule ${id} `));

describe('schedules', () => {
  it('creates a template by UUID or path, reads, lists and replaces it by version; ended is final', async () => {
    const books = await companyBooks(gateway.url);
    const { api, base } = books;
    const created = await create(api, base, rent(books, { lines: [debit('5.5101', 10), credit(books.chart.bank.id, 10)], count: 3 }));
    expect(created).toMatchObject({ description: 'Monthly rent', state: 'active', action: 'post', count: 3, endDate: null, version: 1, lastSettledDate: null, nextOccurrenceDate: '2026-01-31' });
    const line = { costCenterId: null, amount: '10.00', currency: null, exchangeRate: null };
    expect(created.lines).toEqual([{ ...line, accountId: books.chart.rent.id, side: 1 }, { ...line, accountId: books.chart.bank.id, side: 2 }]);
    expect((await api.get(`${base}/Schedules/${created.id}`)).body).toEqual(created);
    expect((await api.get(`${base}/Schedules?keyword=rent`)).body.results.map((s: { id: string }) => s.id)).toEqual([created.id]);

    const body = { ...rent(books), recurrence: { frequency: 'quarterly', dayOfMonth: 15 }, state: 'paused' };
    const stale = await api.put(`${base}/Schedules/${created.id}`, { ...body, version: 9 });
    expect([stale.status, stale.body.errors[0].code]).toEqual([409, 'Conflict']);
    const paused = await api.put(`${base}/Schedules/${created.id}`, { ...body, version: 1 });
    expect(paused.body).toMatchObject({ state: 'paused', version: 2, nextOccurrenceDate: '2026-01-15' });
    expect((await run(books.companyId, '2026-12-31')).generated).toBe(0);
    const ended = await api.put(`${base}/Schedules/${created.id}`, { ...body, state: 'ended', version: 2 });
    expect(ended.body).toMatchObject({ state: 'ended', nextOccurrenceDate: null });
    const again = await api.put(`${base}/Schedules/${created.id}`, { ...body, state: 'active', version: 3 });
    expect([again.status, again.body.errors[0]]).toEqual([409, expect.objectContaining({ code: 'ScheduleEnded', name: 'state' })]);
  });

  it('keeps every version of a template as it changed, who changed it and in which request; the worker settling occurrences makes none, and Verify holds', async () => {
    const books = await companyBooks(gateway.url);
    const { api, base } = books;
    const created = await api.post(`${base}/Schedules`, rent(books, { count: 3 }));
    const renamed = await api.put(`${base}/Schedules/${created.body.id}`, { ...rent(books, { count: 3, description: 'Office rent' }), state: 'active', version: 1 });
    expect(renamed.status, renamed.text).toBe(200);
    // Settling moves lastSettledDate and nextOccurrenceDate without a version: no event, no history, and Verify still holds.
    expect(await run(books.companyId, '2026-02-28')).toEqual({ generated: 2, blocked: 0, deferred: 0 });

    const versions = await history(api, `${base}/Schedules/${created.body.id}`, 1);

    const me = { type: 'user', id: books.user.id, createdBy: null };
    expect(versions).toMatchObject([
      { version: 1, type: 'ScheduleCreated', actor: me, requestId: created.headers.get('x-request-id'), state: created.body },
      { version: 2, type: 'ScheduleChanged', actor: me, requestId: renamed.headers.get('x-request-id'), state: { ...renamed.body, description: 'Office rent', lastSettledDate: null } },
    ]);
    expect(versions).toHaveLength(2);
    expect((await api.get(`${base}/Schedules/${created.body.id}`)).body).toMatchObject({ version: 2, lastSettledDate: '2026-02-28' });
    expect((await api.get(`${base}/Audit/Verify`)).body).toMatchObject({ verified: true });
    expect((await api.get(`${base}/Schedules/${randomUUID()}/History`)).status).toBe(404);
  });

  it('refuses bad templates with a 4xx naming the field, and writes nothing', async () => {
    const books = await companyBooks(gateway.url);
    const { api, base } = books;
    const cases: Array<[unknown, number, string, string?]> = [
      [rent(books, { lines: [debit(books.chart.rent.id, 10), credit(books.chart.bank.id, 9)] }), 400, 'lines', 'Unbalanced'],
      [rent(books, { lines: [debit(books.chart.rent.id, 10)] }), 400, 'lines', 'TooFewLines'],
      [rent(books, { lines: [debit(books.chart.rent.id, '10.005'), credit(books.chart.bank.id, '10.005')] }), 400, 'lines[0].amount'],
      [rent(books, { lines: [debit(books.chart.expenses.id, 10), credit(books.chart.bank.id, 10)] }), 400, 'lines[0].accountId', 'CategoryAccount'],
      [rent(books, { lines: [debit(randomUUID(), 10), credit(books.chart.bank.id, 10)] }), 404, 'lines[0].accountId', 'NotFound'],
      [rent(books, { lines: [debit(books.chart.rent.id, 10, '9.NOPE'), credit(books.chart.bank.id, 10)] }), 404, 'lines[0].costCenterId', 'NotFound'],
      [rent(books, { recurrence: { frequency: 'monthly', dayOfMonth: 32 } }), 400, 'recurrence.dayOfMonth'],
      [rent(books, { recurrence: { frequency: 'weekly' } }), 400, 'recurrence.frequency'],
      [rent(books, { recurrence: { frequency: 'everyNDays', days: 0 } }), 400, 'recurrence.days'],
      [rent(books, { endDate: '2025-12-31' }), 400, 'endDate'],
      [rent(books, { endDate: '2026-12-31', count: 2 }), 400, 'count'],
      [rent(books, { startDate: '2026-02-30' }), 400, 'startDate'],
      [rent(books, { action: 'approve' }), 400, 'action'],
    ];
    for (const [body, status, name, code] of cases) {
      const r = await api.post(`${base}/Schedules`, body);
      expect([r.status, r.body.errors?.[0]?.name], JSON.stringify(body)).toEqual([status, name]);
      if (code) expect(r.body.errors[0].code).toBe(code);
    }
    expect((await api.get(`${base}/Schedules`)).body.results).toEqual([]);
    expect((await api.get(`${base}/Schedules/${randomUUID()}`)).status).toBe(404);
    expect((await api.get(`${base}/Schedules/not-a-uuid`)).status).toBe(400);
  });

  it('catches up a start in the past in order, posting each occurrence once, month ends clamped, with its reference', async () => {
    const books = await companyBooks(gateway.url);
    const { api, base } = books;
    const schedule = await create(api, base, rent(books, { recurrence: { frequency: 'monthly', dayOfMonth: 30 } }));

    expect(await run(books.companyId, '2026-04-29')).toEqual({ generated: 3, blocked: 0, deferred: 0 });
    expect(await run(books.companyId, '2026-04-29')).toEqual({ generated: 0, blocked: 0, deferred: 0 });

    const journals = await journalsOf(api, base, schedule.id);
    expect(journals.map((j: { date: string; status: string; reference: string }) => [j.date.slice(0, 10), j.status, j.reference])).toEqual([
      ['2026-01-30', 'posted', `schedule ${schedule.id} 2026-01-30`],
      ['2026-02-28', 'posted', `schedule ${schedule.id} 2026-02-28`],
      ['2026-03-30', 'posted', `schedule ${schedule.id} 2026-03-30`],
    ]);
    const history = await occurrences(api, base, schedule.id);
    expect(history.map((o: { date: string; state: string; journalId: string }) => [o.date, o.state, o.journalId])).toEqual(journals.map((j: { id: string; date: string }) => [j.date.slice(0, 10), 'generated', j.id]));
    expect((await api.get(`${base}/Schedules/${schedule.id}`)).body).toMatchObject({ lastSettledDate: '2026-03-30', nextOccurrenceDate: '2026-04-30', version: 1 });
    const balance = (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-04-29`)).body;
    expect(JSON.stringify(balance), JSON.stringify(balance)).toContain('3001.5');
  });

  it('makes drafts when told, and stops at its count', async () => {
    const books = await companyBooks(gateway.url);
    const { api, base } = books;
    const schedule = await create(api, base, rent(books, { action: 'draft', recurrence: { frequency: 'everyNDays', days: 10 }, count: 2 }));
    expect((await run(books.companyId, '2026-12-31')).generated).toBe(2);
    expect((await journalsOf(api, base, schedule.id)).map((j: { date: string; status: string }) => [j.date.slice(0, 10), j.status])).toEqual([['2026-01-01', 'draft'], ['2026-01-11', 'draft']]);
    expect((await api.get(`${base}/Schedules/${schedule.id}`)).body).toMatchObject({ lastSettledDate: '2026-01-11', nextOccurrenceDate: null });
  });

  it('blocks an occurrence the books refuse (no year, a locked period), with an event; later ones wait; it is generated once unblocked, or skipped when asked', async () => {
    const books = await companyBooks(gateway.url);
    const { api, base, year } = books;
    const schedule = await create(api, base, rent(books, { startDate: '2025-12-01' }));
    const feb = year.periods[1];
    expect((await api.post(`${base}/FinancialYears/${year.id}/Periods/${feb.id}/Lock`, { version: feb.version })).status).toBe(200);

    // December 2025 is in no year: blocked, nothing after it generated.
    expect(await run(books.companyId, '2026-03-31')).toEqual({ generated: 0, blocked: 1, deferred: 0 });
    expect(await run(books.companyId, '2026-03-31')).toEqual({ generated: 0, blocked: 1, deferred: 0 });
    let history = await occurrences(api, base, schedule.id);
    expect(history).toEqual([expect.objectContaining({ date: '2025-12-31', state: 'blocked', journalId: null, reason: expect.objectContaining({ code: 'NoFinancialYear', name: 'date' }) })]);
    const events = (await api.get(`${base}/Events?pageSize=100`)).body.results.filter((e: { type: string }) => e.type === 'ScheduleOccurrenceBlocked');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ recordId: schedule.id, data: { date: '2025-12-31', state: 'blocked' } });

    // Skipped by request: the schedule goes on, January posted, February blocked by its lock.
    expect((await api.get(`${base}/Schedules/${schedule.id}/Preview?until=2026-03-31`)).body.occurrences.map((o: { date: string; state: string }) => [o.date, o.state])).toEqual([
      ['2025-12-31', 'blocked'],
      ['2026-01-31', 'due'],
      ['2026-02-28', 'due'],
      ['2026-03-31', 'due'],
    ]);
    const notOne = await api.post(`${base}/Schedules/${schedule.id}/SkippedOccurrences`, { date: '2025-12-30' });
    expect([notOne.status, notOne.body.errors[0].code, notOne.body.errors[0].name]).toEqual([400, 'NotAnOccurrence', 'date']);
    const skipped = await api.post(`${base}/Schedules/${schedule.id}/SkippedOccurrences`, { date: '2025-12-31' });
    expect(skipped.body).toMatchObject({ date: '2025-12-31', state: 'skipped' });
    expect((await api.post(`${base}/Schedules/${schedule.id}/SkippedOccurrences`, { date: '2025-12-31' })).body.errors[0].code).toBe('OccurrenceSettled');
    expect(await run(books.companyId, '2026-03-31')).toEqual({ generated: 1, blocked: 1, deferred: 0 });
    history = await occurrences(api, base, schedule.id);
    expect(history.map((o: { date: string; state: string }) => [o.date, o.state])).toEqual([['2025-12-31', 'skipped'], ['2026-01-31', 'generated'], ['2026-02-28', 'blocked']]);
    expect(history[2].reason).toMatchObject({ code: 'PeriodNotOpen' });
    // Its draft was made before the posting was refused: the retry posts that draft, making no other.
    expect(history[2].journalId).toEqual(expect.any(String));

    const locked = (await api.get(`${base}/FinancialYears/${year.id}`)).body.periods[1];
    expect((await api.post(`${base}/FinancialYears/${year.id}/Periods/${feb.id}/Reopen`, { version: locked.version })).status).toBe(200);
    expect(await run(books.companyId, '2026-03-31')).toEqual({ generated: 2, blocked: 0, deferred: 0 });
    const journals = await journalsOf(api, base, schedule.id);
    expect(journals.map((j: { date: string; status: string }) => [j.date.slice(0, 10), j.status])).toEqual([['2026-01-31', 'posted'], ['2026-02-28', 'posted'], ['2026-03-31', 'posted']]);
    expect(journals[1].id).toBe(history[2].journalId);
  });

  it('carries foreign-currency lines to each occurrence\'s journal, at the template\'s rate or the one in effect on the date; refuses bad ones naming the line', async () => {
    const books = await companyBooks(gateway.url);
    const { api, base } = books;
    for (const [date, rate] of [['2026-01-01', '3.75'], ['2026-02-15', '3.76']]) expect((await api.post(`${base}/ExchangeRates`, { currency: 'USD', date, rate })).status).toBe(200);
    const usd = (amount: string | number, extra: Record<string, unknown> = {}) => ({ ...credit(books.chart.bank.id, amount), currency: 'USD', ...extra });
    const atDate = await create(api, base, rent(books, { count: 2, action: 'draft', lines: [debit(books.chart.rent.id, '3750'), usd(1000)] }));
    const fixed = await create(api, base, rent(books, { count: 1, lines: [debit(books.chart.rent.id, '3800'), usd('1000.00', { exchangeRate: '3.8' })] }));
    const noRate = await create(api, base, rent(books, { count: 1, lines: [debit(books.chart.rent.id, '400'), { ...credit(books.chart.bank.id, 100), currency: 'EUR' }] }));
    expect(fixed.lines[1]).toEqual({ accountId: books.chart.bank.id, costCenterId: null, side: 2, amount: '1000.00', currency: 'USD', exchangeRate: '3.8' });
    expect(atDate.lines.map((l: { currency: string | null; exchangeRate: string | null }) => [l.currency, l.exchangeRate])).toEqual([[null, null], ['USD', null]]);
    // A debit at the date's rate has no total ahead; March's, not yet due, is not generated below.
    const usdDebit = await create(api, base, rent(books, { count: 1, startDate: '2026-03-01', lines: [{ ...debit(books.chart.rent.id, 100), currency: 'USD' }, credit(books.chart.bank.id, 375)] }));
    const preview = async (id: string) => (await api.get(`${base}/Schedules/${id}/Preview?until=2026-03-31`)).body.occurrences.map((o: { amount: string | null }) => o.amount);
    expect([await preview(fixed.id), await preview(atDate.id), await preview(usdDebit.id)]).toEqual([['3800.00'], ['3750.00', '3750.00'], [null]]);

    expect(await run(books.companyId, '2026-02-28')).toEqual({ generated: 3, blocked: 1, deferred: 0 });

    const line = (j: { date: string; status: string; entries: Array<{ currency: string | null; amount: number; exchangeRate: string; baseAmount: number }> }) => [j.date.slice(0, 10), j.status, j.entries[1]!.currency, j.entries[1]!.amount, j.entries[1]!.exchangeRate, j.entries[1]!.baseAmount];
    expect((await journalsOf(api, base, atDate.id)).map(line)).toEqual([['2026-01-31', 'draft', 'USD', 1000, '3.75', 3750], ['2026-02-28', 'draft', 'USD', 1000, '3.76', 3760]]);
    expect((await journalsOf(api, base, fixed.id)).map(line)).toEqual([['2026-01-31', 'posted', 'USD', 1000, '3.8', 3800]]);
    expect((await occurrences(api, base, noRate.id))[0]).toMatchObject({ state: 'blocked', reason: { code: 'NoExchangeRate', name: 'entries[1].exchangeRate' } });

    const cases: Array<[unknown[], string, string?]> = [
      [[debit(books.chart.rent.id, '3800'), usd(1000, { exchangeRate: '3.7' })], 'lines', 'Unbalanced'],
      [[debit(books.chart.rent.id, '37.51'), usd('10.005', { exchangeRate: '3.75' })], 'lines[1].amount'],
      [[{ ...debit(books.chart.rent.id, 10), exchangeRate: '2' }, credit(books.chart.bank.id, 10)], 'lines[0].exchangeRate'],
      [[debit(books.chart.rent.id, 10), usd(1, { currency: 'XYZ' })], 'lines[1].currency'],
      [[debit(books.chart.rent.id, 10), usd(1, { currency: 'CLF' })], 'lines[1].currency', 'UnsupportedCurrency'],
    ];
    for (const [lines, name, code] of cases) {
      const r = await api.post(`${base}/Schedules`, rent(books, { lines }));
      expect([r.status, r.body.errors?.[0]?.name], JSON.stringify(lines)).toEqual([400, name]);
      if (code) expect(r.body.errors[0].code).toBe(code);
    }
  });

  it('previews dates and amounts without writing, bounded by until', async () => {
    const books = await companyBooks(gateway.url);
    const { api, base } = books;
    const schedule = await create(api, base, rent(books, { recurrence: { frequency: 'everyNDays', days: 1 } }));
    const preview = await api.get(`${base}/Schedules/${schedule.id}/Preview?until=2026-01-03`);
    expect(preview.body).toEqual({
      scheduleId: schedule.id,
      state: 'active',
      until: '2026-01-03',
      occurrences: ['2026-01-01', '2026-01-02', '2026-01-03'].map((date, i) => ({ date, number: i + 1, reference: `schedule ${schedule.id} ${date}`, amount: '1000.50', reversal: false, carriesResidue: false, state: 'due' })),
    });
    const tooLong = await api.get(`${base}/Schedules/${schedule.id}/Preview?until=2027-12-31`);
    expect([tooLong.status, tooLong.body.errors[0].code, tooLong.body.errors[0].name]).toEqual([400, 'PreviewTooLong', 'until']);
    expect((await api.get(`${base}/Schedules/${schedule.id}/Preview`)).body.errors[0].name).toBe('until');
    expect(await occurrences(api, base, schedule.id)).toEqual([]);
  });

  it('needs journals:create to write a template, and journals:post for one that posts', async () => {
    const books = await companyBooks(gateway.url);
    const { api, base } = books;
    const key = async (permissions: string[]) => {
      const r = await api.post(`${base}/ApiKeys`, { name: `k-${randomUUID().slice(0, 8)}`, permissions });
      if (r.status !== 200) throw new Error(r.text);
      return (await import('../../support/api.ts')).client(gateway.url, `Bearer ${r.body.key}`);
    };
    const reader = await key(['journals:read']);
    expect((await reader.post(`${base}/Schedules`, rent(books))).status).toBe(403);
    const drafter = await key(['journals:read', 'journals:create']);
    const refused = await drafter.post(`${base}/Schedules`, rent(books));
    expect([refused.status, refused.body.errors[0].reason]).toEqual([403, expect.stringContaining('journals:post')]);
    expect((await drafter.post(`${base}/Schedules`, rent(books, { action: 'draft' }))).status).toBe(200);
    expect((await drafter.post(`${base}/Schedules`, rent(books, { action: 'submit' }))).status).toBe(200);
  });

  it('submits each occurrence for the approval the policy asks, in its author\'s name; one the policy does not hold is blocked, never posted', async () => {
    const books = await companyBooks(gateway.url);
    const { api, base } = books;
    const policy = await api.put(`${base}/ApprovalPolicy`, { rules: [{ name: 'Large journals', minAmount: '1000', approvers: 1 }], version: 0 });
    expect(policy.status, policy.text).toBe(200);
    const large = await create(api, base, rent(books, { action: 'submit', count: 2 }));
    const small = await create(api, base, rent(books, { action: 'submit', count: 1, lines: [debit(books.chart.rent.id, 10), credit(books.chart.bank.id, 10)] }));
    const posting = await create(api, base, rent(books, { count: 1 }));

    expect(await run(books.companyId, '2026-03-31')).toEqual({ generated: 2, blocked: 2, deferred: 0 });
    expect(await run(books.companyId, '2026-03-31')).toEqual({ generated: 0, blocked: 2, deferred: 0 });

    const submitted = await journalsOf(api, base, large.id);
    expect(submitted.map((j: { date: string; status: string; submittedBy: { id: string } }) => [j.date.slice(0, 10), j.status, j.submittedBy?.id])).toEqual([
      ['2026-01-31', 'submitted', books.user.id],
      ['2026-02-28', 'submitted', books.user.id],
    ]);
    expect((await occurrences(api, base, large.id)).map((o: { state: string; journalId: string }) => [o.state, o.journalId])).toEqual(submitted.map((j: { id: string }) => ['generated', j.id]));
    const events = (await api.get(`${base}/Events?pageSize=100`)).body.results.filter((e: { type: string }) => e.type === 'JournalSubmitted');
    expect(events.map((e: { data: { id: string } }) => e.data.id).sort()).toEqual(submitted.map((j: { id: string }) => j.id).sort());

    // The small one's draft is made, then refused: blocked with it, the draft kept for the next try.
    const [blocked] = await occurrences(api, base, small.id);
    expect(blocked).toMatchObject({ date: '2026-01-31', state: 'blocked', journalId: expect.any(String), reason: { code: 'ApprovalNotRequired' } });
    expect((await journalsOf(api, base, small.id)).map((j: { status: string }) => j.status)).toEqual(['draft']);
    expect((await occurrences(api, base, posting.id))[0]).toMatchObject({ state: 'blocked', reason: { code: 'ApprovalRequired' } });

    // A rule that holds it too: the same draft is submitted, no second journal.
    const read = (await api.get(`${base}/ApprovalPolicy`)).body;
    expect((await api.put(`${base}/ApprovalPolicy`, { rules: [{ name: 'Every journal', approvers: 1 }], version: read.version })).status).toBe(200);
    expect(await run(books.companyId, '2026-03-31')).toEqual({ generated: 1, blocked: 1, deferred: 0 });
    expect((await journalsOf(api, base, small.id)).map((j: { id: string; status: string }) => [j.id, j.status])).toEqual([[blocked.journalId, 'submitted']]);
  });

  it('blocks the occurrences of a template whose author can no longer make its journals, until someone who can writes it again', async () => {
    const books = await companyBooks(gateway.url);
    const { api, base } = books;
    const made = await api.post(`${base}/ApiKeys`, { name: 'scheduler', permissions: ['journals:read', 'journals:create', 'journals:post'] });
    const { client } = await import('../../support/api.ts');
    const scheduler = client(gateway.url, `Bearer ${made.body.key}`);
    const schedule = (await scheduler.post(`${base}/Schedules`, rent(books, { count: 2 }))).body;
    expect((await api.delete(`${base}/ApiKeys/${made.body.id}`, { version: made.body.version })).status).toBe(200);

    expect(await run(books.companyId, '2026-03-31')).toEqual({ generated: 0, blocked: 1, deferred: 0 });
    expect((await occurrences(api, base, schedule.id))[0]).toMatchObject({ date: '2026-01-31', state: 'blocked', reason: { code: 'Forbidden' } });

    const read = (await api.get(`${base}/Schedules/${schedule.id}`)).body;
    expect((await api.put(`${base}/Schedules/${schedule.id}`, { ...rent(books, { count: 2 }), state: 'active', version: read.version })).status).toBe(200);
    expect(await run(books.companyId, '2026-03-31')).toEqual({ generated: 2, blocked: 0, deferred: 0 });
    expect((await journalsOf(api, base, schedule.id)).map((j: { createdBy: { id: string } }) => j.createdBy.id)).toEqual([books.user.id, books.user.id]);
  });
});
