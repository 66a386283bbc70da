import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/auth/permissions.ts';
import { companyOwner, signedInUser, useGateway, type ApiResponse, type Client } from '../../support/api.ts';

/** Through the API only; the store's check at commit and its rate in effect: test/db/exchange-rates/exchange-rate-store.test.ts. */
const gateway = useGateway();
const builtIn = (name: string) => ROLES.find((r) => r.name === name)!.id;

type Owner = Awaited<ReturnType<typeof companyOwner>>;

/** A new signed-in member of the owner's company holding `roleId`. */
async function member(owner: Owner, roleId: string) {
  const user = await signedInUser(gateway.url);
  const added = await owner.api.post(`${owner.base}/Members`, { email: user.user.email, roleId });
  if (added.status !== 200) throw new Error(added.text);
  return user;
}

async function createRate(owner: Owner, currency: string, date: string, rate: string | number) {
  const r = await owner.api.post(`${owner.base}/ExchangeRates`, { currency, date, rate });
  if (r.status !== 200) throw new Error(r.text);
  return r.body;
}

/** Every page of a list, following nextPage; the ids and the size of each page. */
async function walk(api: Client, path: string) {
  const seen: Array<{ currency: string; date: string }> = [];
  const sizes: number[] = [];
  let page: string | null = null;
  do {
    const r: ApiResponse = await api.get(`${path}${page ? `&page=${encodeURIComponent(page)}` : ''}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.currentPage).toBe(page);
    seen.push(...r.body.results.map((x: { currency: string; date: string }) => ({ currency: x.currency, date: x.date })));
    sizes.push(r.body.results.length);
    page = r.body.nextPage;
  } while (page);
  return { seen: seen.map((x) => `${x.date} ${x.currency}`), sizes };
}

describe('exchange rates', () => {
  it('records a rate exactly, answers it as a decimal string, changes it by version and deletes it, each with its event', async () => {
    const owner = await companyOwner(gateway.url);

    const created = await owner.api.post(`${owner.base}/ExchangeRates`, { currency: 'USD', date: '2026-03-01', rate: 3.7512345678 });
    const asText = await owner.api.post(`${owner.base}/ExchangeRates`, { currency: 'KWD', date: '2026-03-01', rate: '12.2500' });
    const fetched = await owner.api.get(`${owner.base}/ExchangeRates/${created.body.id}`);
    const changed = await owner.api.put(`${owner.base}/ExchangeRates/${created.body.id}`, { rate: '3.76', version: 1 });
    const deleted = await owner.api.delete(`${owner.base}/ExchangeRates/${asText.body.id}`, { version: 1 });

    // The JSON number's own digits, never a float's: 3.7512345678 is not rounded.
    expect(created.body).toMatchObject({ currency: 'USD', date: '2026-03-01', rate: '3.7512345678', version: 1 });
    expect(asText.body.rate).toBe('12.25');
    // 18 significant digits: a binary float would answer 123456789.12345679.
    const manyDigits = await owner.api.request('POST', `${owner.base}/ExchangeRates`, { raw: '{"currency":"EUR","date":"2026-03-01","rate":123456789.123456789}' });
    expect(manyDigits.body.rate).toBe('123456789.123456789');
    expect(fetched.body).toEqual(created.body);
    expect(changed.body).toMatchObject({ id: created.body.id, currency: 'USD', date: '2026-03-01', rate: '3.76', version: 2 });
    expect(deleted.status).toBe(200);
    expect((await owner.api.get(`${owner.base}/ExchangeRates/${asText.body.id}`)).status).toBe(404);
    // The same pair is free again once its rate is gone.
    expect((await owner.api.post(`${owner.base}/ExchangeRates`, { currency: 'KWD', date: '2026-03-01', rate: 12.3 })).status).toBe(200);

    const events = (await owner.api.get(`${owner.base}/Events?pageSize=100`)).body.results.filter((e: { type: string }) => e.type.startsWith('ExchangeRate'));
    // Each record's events in order (the feed orders changes of one record; records among themselves as they were numbered).
    const of = (id: string) => events.filter((e: { recordId: string }) => e.recordId === id).map((e: { type: string; version: number }) => [e.type, e.version]);
    expect(events).toHaveLength(6);
    expect(of(created.body.id)).toEqual([['ExchangeRateCreated', 1], ['ExchangeRateChanged', 2]]);
    expect(of(asText.body.id)).toEqual([['ExchangeRateCreated', 1], ['ExchangeRateDeleted', 2]]);
    expect(events.find((e: { type: string; recordId: string }) => e.type === 'ExchangeRateChanged').data).toMatchObject({ rate: '3.76' });
  });

  it('refuses each bad field with a 400 naming it, and writes nothing', async () => {
    const owner = await companyOwner(gateway.url, { baseCurrency: 'SAR' });
    const post = (body: object) => owner.api.post(`${owner.base}/ExchangeRates`, body);
    const good = { currency: 'USD', date: '2026-03-01', rate: '3.75' };

    const cases: Array<[object, string, string?]> = [
      [{ ...good, rate: '1.23456789012' }, 'rate'],
      [{ ...good, rate: 1.23456789012 }, 'rate'],
      [{ ...good, rate: 0 }, 'rate'],
      [{ ...good, rate: '0.0000000000' }, 'rate'],
      [{ ...good, rate: -3.75 }, 'rate'],
      [{ ...good, rate: '-3.75' }, 'rate'],
      [{ ...good, rate: '3,75' }, 'rate'],
      [{ ...good, rate: true }, 'rate'],
      [{ ...good, rate: '1000000000000' }, 'rate'],
      [{ ...good, date: '2026-02-30' }, 'date'],
      [{ ...good, date: '2026/03/01' }, 'date'],
      [{ ...good, date: '2026-03-01T00:00:00Z' }, 'date'],
      [{ ...good, currency: 'XYZ' }, 'currency'],
      [{ ...good, currency: 'usd' }, 'currency'],
      [{ ...good, currency: 'XAU' }, 'currency'],
      [{ ...good, currency: 'SAR' }, 'currency', 'BaseCurrency'],
      [{ currency: 'USD', date: '2026-03-01' }, 'rate'],
      [{ ...good, extra: 1 }, 'extra'],
    ];
    const answers = await Promise.all(cases.map(([body]) => post(body)));

    for (const [i, [body, field, code]] of cases.entries()) {
      expect(answers[i]!.status, JSON.stringify(body)).toBe(400);
      expect(answers[i]!.body.errors.map((e: { name: string }) => e.name), JSON.stringify(body)).toEqual([field]);
      if (code) expect(answers[i]!.body.errors[0].code).toBe(code);
    }
    expect(answers[0]!.body.errors[0].reason).toContain('at most 10 decimals');
    expect(answers[2]!.body.errors[0].reason).toBe('must be greater than 0');
    expect(answers[4]!.body.errors[0].reason).toBe('must be greater than 0');
    // A JSON number with an exponent is refused as written, not read as the float it stands for.
    const exponent = await owner.api.request('POST', `${owner.base}/ExchangeRates`, { raw: '{"currency":"USD","date":"2026-03-01","rate":375e-2}' });
    expect(exponent.body.errors.map((e: { name: string }) => e.name)).toEqual(['rate']);
    expect((await owner.api.get(`${owner.base}/ExchangeRates`)).body.results).toEqual([]);
    // Ten decimals exactly are accepted.
    expect((await post({ ...good, rate: 1.2345678901 })).body.rate).toBe('1.2345678901');
  });

  it('keeps one rate per currency and day: a second create is 409 DuplicateRate, and of concurrent ones exactly one wins', async () => {
    const owner = await companyOwner(gateway.url);
    const first = await createRate(owner, 'EUR', '2026-04-01', '4.05');

    const again = await owner.api.post(`${owner.base}/ExchangeRates`, { currency: 'EUR', date: '2026-04-01', rate: '4.10' });
    const otherDay = await owner.api.post(`${owner.base}/ExchangeRates`, { currency: 'EUR', date: '2026-04-02', rate: '4.10' });
    const otherCurrency = await owner.api.post(`${owner.base}/ExchangeRates`, { currency: 'GBP', date: '2026-04-01', rate: '4.70' });
    const racing = await Promise.all(Array.from({ length: 8 }, (_, i) => owner.api.post(`${owner.base}/ExchangeRates`, { currency: 'JPY', date: '2026-04-01', rate: `0.02${i}` })));

    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ name: 'date', code: 'DuplicateRate' });
    expect([otherDay.status, otherCurrency.status]).toEqual([200, 200]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const lost of racing.filter((r) => r.status === 409)) expect(lost.body.errors[0].code).toBe('DuplicateRate');
    const winner = racing.find((r) => r.status === 200)!.body;
    const jpy = (await owner.api.get(`${owner.base}/ExchangeRates?currency=JPY`)).body.results;
    expect(jpy).toEqual([winner]);
    expect((await owner.api.get(`${owner.base}/ExchangeRates/${first.id}`)).body.rate).toBe('4.05');
  });

  it('replays an idempotent create with the same key, and answers another body under that key with the first answer, writing nothing', async () => {
    const owner = await companyOwner(gateway.url);
    const key = { 'Idempotency-Key': `rate-${randomUUID()}` };

    const first = await owner.api.post(`${owner.base}/ExchangeRates`, { currency: 'USD', date: '2026-05-01', rate: '3.75' }, key);
    const replay = await owner.api.post(`${owner.base}/ExchangeRates`, { currency: 'USD', date: '2026-05-01', rate: '3.75' }, key);
    const otherBody = await owner.api.post(`${owner.base}/ExchangeRates`, { currency: 'USD', date: '2026-05-02', rate: '3.80' }, key);
    const noKey = await owner.api.post(`${owner.base}/ExchangeRates`, { currency: 'USD', date: '2026-05-01', rate: '3.75' });

    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    // Rule 8: a different body under the same key gets the original answer, and writes nothing.
    expect(otherBody.body).toEqual(first.body);
    expect(noKey.body.errors[0].code).toBe('DuplicateRate');
    expect((await owner.api.get(`${owner.base}/ExchangeRates`)).body.results.map((r: { id: string }) => r.id)).toEqual([first.body.id]);
  });

  it('refuses stale versions with 409 Conflict and unknown ids with 404, changing nothing', async () => {
    const owner = await companyOwner(gateway.url);
    const rate = await createRate(owner, 'USD', '2026-06-01', '3.75');
    await owner.api.put(`${owner.base}/ExchangeRates/${rate.id}`, { rate: '3.76', version: 1 });
    const unknown = randomUUID();

    const stalePut = await owner.api.put(`${owner.base}/ExchangeRates/${rate.id}`, { rate: '9', version: 1 });
    const staleDelete = await owner.api.delete(`${owner.base}/ExchangeRates/${rate.id}`, { version: 1 });
    const missing = [
      await owner.api.get(`${owner.base}/ExchangeRates/${unknown}`),
      await owner.api.put(`${owner.base}/ExchangeRates/${unknown}`, { rate: '1', version: 1 }),
      await owner.api.delete(`${owner.base}/ExchangeRates/${unknown}`, { version: 1 }),
    ];
    const badPut = await owner.api.put(`${owner.base}/ExchangeRates/${rate.id}`, { rate: '0', version: 2 });
    const movePut = await owner.api.put(`${owner.base}/ExchangeRates/${rate.id}`, { rate: '3.8', date: '2026-06-02', version: 2 });

    expect(stalePut.status).toBe(409);
    expect(stalePut.body.errors[0]).toMatchObject({ name: 'version', code: 'Conflict' });
    expect(staleDelete.body.errors[0]).toMatchObject({ name: 'version', code: 'Conflict' });
    expect(missing.map((r) => [r.status, r.body.errors[0].code])).toEqual([[404, 'NotFound'], [404, 'NotFound'], [404, 'NotFound']]);
    expect(badPut.body.errors[0]).toMatchObject({ name: 'rate', reason: 'must be greater than 0' });
    // Currency and date are what the rate is: a PUT changes the rate only.
    expect(movePut.body.errors.map((e: { name: string }) => e.name)).toEqual(['date']);
    expect((await owner.api.get(`${owner.base}/ExchangeRates/${rate.id}`)).body).toMatchObject({ rate: '3.76', version: 2 });
  });

  it('pages by date then currency, with currency and date filters, each matching rate exactly once', async () => {
    const owner = await companyOwner(gateway.url);
    const days = ['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09', '2026-01-12', '2026-01-13'];
    for (const [i, day] of days.entries()) {
      await createRate(owner, 'USD', day, `3.75${i}`);
      await createRate(owner, 'EUR', day, `4.05${i}`);
    }
    await createRate(owner, 'GBP', '2026-01-07', '4.7');
    const path = `${owner.base}/ExchangeRates?pageSize=2`;

    const usd = await walk(owner.api, `${path}&currency=USD&dateFrom=2026-01-06&dateTo=2026-01-12`);
    const usdAscending = await walk(owner.api, `${path}&currency=USD&dateFrom=2026-01-06&dateTo=2026-01-12&orderAsc=true`);
    const all = await walk(owner.api, `${path}&orderAsc=true`);
    const window = await walk(owner.api, `${path}&dateFrom=2026-01-07&dateTo=2026-01-08`);
    const none = await walk(owner.api, `${path}&currency=JPY`);

    expect(usd.seen).toEqual(['2026-01-12 USD', '2026-01-09 USD', '2026-01-08 USD', '2026-01-07 USD', '2026-01-06 USD']);
    expect(usd.sizes).toEqual([2, 2, 1]);
    expect(usdAscending.seen).toEqual([...usd.seen].reverse());
    expect(all.seen).toHaveLength(15);
    expect(all.seen).toEqual([...all.seen].sort());
    expect(window.seen).toEqual(['2026-01-08 USD', '2026-01-08 EUR', '2026-01-07 USD', '2026-01-07 GBP', '2026-01-07 EUR']);
    expect(none).toEqual({ seen: [], sizes: [0] });

    // A cursor belongs to its filters and order: reused with others it is a 400, never another list.
    const first = (await owner.api.get(`${path}&currency=USD`)).body;
    const reused = await owner.api.get(`${path}&currency=EUR&page=${encodeURIComponent(first.nextPage)}`);
    const reordered = await owner.api.get(`${path}&currency=USD&orderAsc=true&page=${encodeURIComponent(first.nextPage)}`);
    expect([reused.body.errors[0], reordered.body.errors[0]]).toMatchObject([
      { name: 'page', code: 'InvalidCursor' },
      { name: 'page', code: 'InvalidCursor' },
    ]);
  });

  it('refuses bad list filters with a 400 naming each', async () => {
    const owner = await companyOwner(gateway.url);
    const list = (query: string) => owner.api.get(`${owner.base}/ExchangeRates?${query}`);

    const answers = await Promise.all(['currency=XYZ', 'dateFrom=2026-13-01', 'dateFrom=2026-02-01&dateTo=2026-01-31', 'keyword=usd', 'orderBy=Currency', 'pageSize=101'].map(list));

    expect(answers.map((r) => [r.status, r.body.errors[0].name])).toEqual([
      [400, 'currency'],
      [400, 'dateFrom'],
      [400, 'dateTo'],
      [400, 'keyword'],
      [400, 'orderBy'],
      [400, 'pageSize'],
    ]);
  });

  it('lets readers read and only managers write: the viewer and a role with exchange-rates:read alone cannot write; the accountant can', async () => {
    const owner = await companyOwner(gateway.url);
    const rate = await createRate(owner, 'USD', '2026-07-01', '3.75');
    const readOnlyRole = (await owner.api.post(`${owner.base}/Roles`, { name: 'Rates reader', permissions: ['exchange-rates:read'] })).body;
    const managerRole = (await owner.api.post(`${owner.base}/Roles`, { name: 'Rates keeper', permissions: ['exchange-rates:manage'] })).body;
    const viewer = await member(owner, builtIn('viewer'));
    const reader = await member(owner, readOnlyRole.id);
    const keeper = await member(owner, managerRole.id);
    const accountant = await member(owner, builtIn('accountant'));
    const noRates = await member(owner, (await owner.api.post(`${owner.base}/Roles`, { name: 'Journals only', permissions: ['journals:read'] })).body.id);

    for (const user of [viewer, reader]) {
      expect((await user.api.get(`${owner.base}/ExchangeRates`)).body.results).toHaveLength(1);
      expect((await user.api.get(`${owner.base}/ExchangeRates/${rate.id}`)).body.rate).toBe('3.75');
      const writes = [
        await user.api.post(`${owner.base}/ExchangeRates`, { currency: 'EUR', date: '2026-07-01', rate: '4' }),
        await user.api.put(`${owner.base}/ExchangeRates/${rate.id}`, { rate: '4', version: 1 }),
        await user.api.delete(`${owner.base}/ExchangeRates/${rate.id}`, { version: 1 }),
      ];
      expect(writes.map((r) => [r.status, r.body.errors[0].code])).toEqual([[403, 'Forbidden'], [403, 'Forbidden'], [403, 'Forbidden']]);
    }
    // Managing without reading: writes go through, reads do not.
    expect((await keeper.api.put(`${owner.base}/ExchangeRates/${rate.id}`, { rate: '3.8', version: 1 })).body.version).toBe(2);
    expect((await keeper.api.get(`${owner.base}/ExchangeRates`)).status).toBe(403);
    expect((await noRates.api.get(`${owner.base}/ExchangeRates/${rate.id}`)).status).toBe(403);
    const byAccountant = await accountant.api.post(`${owner.base}/ExchangeRates`, { currency: 'EUR', date: '2026-07-01', rate: '4.1' });
    expect(byAccountant.status).toBe(200);
    expect((await accountant.api.delete(`${owner.base}/ExchangeRates/${byAccountant.body.id}`, { version: 1 })).status).toBe(200);
    expect(ROLES.map((r) => [r.name, r.permissions.filter((p) => p.startsWith('exchange-rates:'))])).toEqual([
      ['owner', ['exchange-rates:read', 'exchange-rates:manage']],
      ['accountant', ['exchange-rates:read', 'exchange-rates:manage']],
      ['viewer', ['exchange-rates:read']],
    ]);
  });

  it('shows the rate events\' data only to readers holding exchange-rates:read', async () => {
    const owner = await companyOwner(gateway.url);
    await createRate(owner, 'USD', '2026-08-01', '3.7777');
    const feedOnly = await member(owner, (await owner.api.post(`${owner.base}/Roles`, { name: 'Feed', permissions: ['events:read'] })).body.id);
    const feedAndRates = await member(owner, (await owner.api.post(`${owner.base}/Roles`, { name: 'Feed and rates', permissions: ['events:read', 'exchange-rates:read'] })).body.id);

    const event = async (api: Client) => (await api.get(`${owner.base}/Events?type=ExchangeRateCreated`)).body.results[0];

    expect(await event(feedOnly.api)).toMatchObject({ type: 'ExchangeRateCreated', data: null, dataOmittedReason: 'permission' });
    expect(await event(feedAndRates.api)).toMatchObject({ type: 'ExchangeRateCreated', data: { currency: 'USD', rate: '3.7777' }, dataOmitted: false });
  });
});
