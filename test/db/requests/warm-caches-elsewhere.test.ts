import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/auth/permissions.ts';
import { getApiKeyById, revokeApiKeyOp } from '../../../shared/db/stores/api-key-store.ts';
import { drawSerial, giveBackSerial } from '../../../shared/db/ledger/journal-serials.ts';
import { getMember, removeMemberOp, replaceMemberOp } from '../../../shared/db/stores/member-store.ts';
import type { SettingsRecord } from '../../../shared/companies/records.ts';
import { getSettings, updateSettingsOps } from '../../../shared/db/stores/settings-store.ts';
import { transactWrite } from '../../../shared/db/table/transact.ts';
import { client, companyOwner, signedInUser, useGateway } from '../../support/api.ts';
import { chartOfAccounts, companyBooks, credit, debit } from '../../support/ledger.ts';
import { requestLine as lineOf } from '../../support/request-log.ts';

/**
 * What a warm function keeps (docs/decisions.md, Capacity): how long, and why a stale copy
 * cannot reach the books. A change "made elsewhere" is written straight to the table, as
 * another function would, so this process's own forgetting plays no part.
 */
const gateway = useGateway();
/** Long enough for the few requests each test makes within it on a loaded machine (2.6 s seen with 2 s). */
const LIFETIME_MS = 4_000;
const LIFETIMES = ['ACCESS_CACHE_MS', 'SETTINGS_CACHE_MS'] as const;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  for (const name of LIFETIMES) delete process.env[name];
});


describe('round trips of a warm function', () => {
  it('creates and posts a two-line journal in at most 3 DynamoDB round trips in sequence each', async () => {
    // Warm for the whole test: on a busy machine the books' setup alone can outlast the 5 s a
    // caller's access is kept, and its re-read would count as a round trip of the create measured.
    process.env.ACCESS_CACHE_MS = '60000';
    const { api, base, chart, companyId } = await companyBooks(gateway.url);
    const entries = [debit(chart.cash.id, 10), credit(chart.sales.id, 10)];
    // Warm: the function has numbered a journal of the company, then read its settings since.
    await api.post(`${base}/Journals`, { date: '2026-05-01T08:00:00Z', entries });
    const warmUp = await api.post(`${base}/Journals`, { date: '2026-05-01T09:00:00Z', entries });
    await api.post(`${base}/Journals/${warmUp.body.id}/Post`, { postingDate: '2026-05-01', version: 1 });
    // And its block holds a number, as a busy company's does: a create that must draw a new block
    // draws it after its checks, a round trip more (docs/decisions.md, Journals, "serialNumber").
    giveBackSerial(companyId, await drawSerial(companyId));

    const created = await api.post(`${base}/Journals`, { date: '2026-05-02T08:00:00Z', entries }, { 'Idempotency-Key': randomUUID() });
    const posted = await api.post(`${base}/Journals/${created.body.id}/Post`, { postingDate: '2026-05-02', version: 1 });

    expect([created.status, posted.status]).toEqual([200, 200]);
    // Create: the key's claim; settings kept, then accounts and year at once, the serial number from the block; the transaction.
    expect(lineOf(created).dynamoDepth).toBeLessThanOrEqual(3);
    // Post: the journal and the year at once; the transaction.
    expect(lineOf(posted).dynamoDepth).toBeLessThanOrEqual(3);
    expect(lineOf(posted).dynamoCalls).toBeGreaterThanOrEqual(lineOf(posted).dynamoDepth as number);
  });
});

describe('access kept by a warm function', () => {
  it('serves a member removed elsewhere until the lifetime ends, then refuses them', async () => {
    process.env.ACCESS_CACHE_MS = String(LIFETIME_MS);
    const owner = await companyOwner(gateway.url);
    const member = await signedInUser(gateway.url);
    await owner.api.post(`${owner.base}/Members`, { email: member.user.email, roleId: ROLES.find((r) => r.name === 'viewer')!.id });
    expect((await member.api.get(`${owner.base}/Accounts`)).status).toBe(200);
    const keptSince = Date.now();

    await transactWrite([removeMemberOp((await getMember(owner.companyId, member.user.id))!)]);
    const meanwhile = await member.api.get(`${owner.base}/Accounts`);
    const meanwhileAt = Date.now();
    await sleep(LIFETIME_MS - (Date.now() - keptSince) + 50);
    const after = await member.api.get(`${owner.base}/Accounts`);

    expect(meanwhileAt - keptSince).toBeLessThan(LIFETIME_MS);
    expect(meanwhile.status).toBe(200);
    expect(after.status).toBe(404);
  });

  it('serves an API key revoked elsewhere until the lifetime ends, then refuses it', async () => {
    process.env.ACCESS_CACHE_MS = String(LIFETIME_MS);
    const owner = await companyOwner(gateway.url);
    const created = await owner.api.post(`${owner.base}/ApiKeys`, { name: 'sync', permissions: ['accounts:read'] });
    const machine = client(gateway.url, `Bearer ${created.body.key}`);
    expect((await machine.get(`${owner.base}/Accounts`)).status).toBe(200);
    const keptSince = Date.now();

    await transactWrite([revokeApiKeyOp((await getApiKeyById(owner.companyId, created.body.id))!, new Date().toISOString())]);
    const meanwhile = await machine.get(`${owner.base}/Accounts`);
    const meanwhileAt = Date.now();
    await sleep(LIFETIME_MS - (Date.now() - keptSince) + 50);
    const after = await machine.get(`${owner.base}/Accounts`);

    expect(meanwhileAt - keptSince).toBeLessThan(LIFETIME_MS);
    expect(meanwhile.status).toBe(200);
    expect(after.status).toBe(401);
  });
});

describe('a keyed write whose kept access has expired', () => {
  const role = (name: string) => ROLES.find((r) => r.name === name)!.id;

  /** A member (accountant) of a company with books, whose grant this function has read; every grant kept 1 ms from then on. */
  async function memberWithBooks() {
    const owner = await companyBooks(gateway.url);
    const member = await signedInUser(gateway.url);
    await owner.api.post(`${owner.base}/Members`, { email: member.user.email, roleId: role('accountant') });
    process.env.ACCESS_CACHE_MS = '1';
    expect((await member.api.get(`${owner.base}/Accounts`)).status).toBe(200);
    const draft = (key?: string) => member.api.post(`${owner.base}/Journals`, { date: '2026-05-01T08:00:00Z', entries: [debit(owner.chart.cash.id, 10), credit(owner.chart.sales.id, 10)] }, key === undefined ? {} : { 'Idempotency-Key': key });
    const journals = async () => (await owner.api.get(`${owner.base}/Journals`)).body.results.length as number;
    return { owner, member, draft, journals };
  }

  it('claims its key beside the read of the grant last read: a call more than a write without a key, no round trip more (one more where nothing is kept)', async () => {
    const { owner, draft } = await memberWithBooks();
    // Warm: the function has numbered a journal of the company; before each create measured, its
    // block holds a number, so neither draws one (a round trip of its own, after the checks).
    expect((await draft()).status).toBe(200);
    const numberInBlock = async () => giveBackSerial(owner.companyId, await drawSerial(owner.companyId));

    const pair = async () => {
      await numberInBlock();
      const unkeyed = await draft();
      await numberInBlock();
      const keyed = await draft(randomUUID());
      expect([unkeyed.status, keyed.status]).toEqual([200, 200]);
      return [lineOf(unkeyed), lineOf(keyed)] as const;
    };

    const [unkeyed, keyed] = await pair();
    // A function that keeps nothing (lifetime 0) keeps no guess either: the claim waits for the read.
    process.env.ACCESS_CACHE_MS = '0';
    const [unkeyedKeepingNothing, keyedKeepingNothing] = await pair();

    // Both read the grant first; the keyed one claims its key meanwhile.
    expect(keyed.dynamoCalls).toBe((unkeyed.dynamoCalls as number) + 1);
    expect(keyed.dynamoDepth).toBe(unkeyed.dynamoDepth);
    expect(keyedKeepingNothing.dynamoCalls).toBe((unkeyedKeepingNothing.dynamoCalls as number) + 1);
    expect(keyedKeepingNothing.dynamoDepth).toBe((unkeyedKeepingNothing.dynamoDepth as number) + 1);
  });

  it('tells a member removed elsewhere 404, writes nothing and frees the key, whatever the key', async () => {
    const { owner, member, draft, journals } = await memberWithBooks();
    const key = randomUUID();
    const before = await journals();

    await transactWrite([removeMemberOp((await getMember(owner.companyId, member.user.id))!)]);
    const refused = await draft(key);
    const badKey = await draft('');
    const counted = await journals();
    await owner.api.post(`${owner.base}/Members`, { email: member.user.email, roleId: role('accountant') });
    const again = await draft(key);

    expect(refused.status).toBe(404);
    expect(refused.body.errors[0].code).toBe('NotFound');
    // The refusal of access answers before the key is judged, as when the grant is read first.
    expect(badKey.status).toBe(404);
    expect(counted).toBe(before);
    // The key was released: the same key creates, not a 409 (in progress) nor a replay.
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
  });

  it('tells a member whose role lost the permission elsewhere 403 naming it, writes nothing and frees the key', async () => {
    const { owner, member, draft, journals } = await memberWithBooks();
    const key = randomUUID();
    const before = await journals();
    const record = (await getMember(owner.companyId, member.user.id))!;

    await transactWrite([replaceMemberOp(record, { ...record, roleId: role('viewer'), version: record.version + 1 })]);
    const refused = await draft(key);
    const counted = await journals();
    await owner.api.put(`${owner.base}/Members/${member.user.id}`, { roleId: role('accountant'), version: record.version + 1 });
    const again = await draft(key);

    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]).toMatchObject({ code: 'Forbidden', reason: expect.stringContaining('journals:create') });
    expect(counted).toBe(before);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
  });
});

describe('settings kept for drafts by a warm function', () => {
  /** Changes the settings straight in the table, as another function would. */
  async function changeElsewhere(companyId: string, change: Partial<SettingsRecord>) {
    const before = (await getSettings(companyId))!;
    await transactWrite(updateSettingsOps(companyId, before, { ...before, ...change, version: before.version + 1 }));
  }

  it('refuses a draft computed with a stale precision (nothing written), then reads the settings again', async () => {
    const { api, base, chart, companyId } = await companyBooks(gateway.url);
    const draft = (amount: number) => api.post(`${base}/Journals`, { date: '2026-03-01T08:00:00Z', entries: [debit(chart.cash.id, amount), credit(chart.sales.id, amount)] });
    // A refused draft reads (and so keeps) the settings, and draws no number: they are not settled.
    expect((await api.post(`${base}/Journals`, { date: '2026-03-01T08:00:00Z', entries: [debit(randomUUID(), 1), credit(chart.sales.id, 1)] })).status).toBe(404);

    await changeElsewhere(companyId, { decimalPrecision: 3 });
    const stale = await draft(2);
    const fresh = await draft(1.005);

    expect(stale.status).toBe(409);
    expect(stale.body.errors[0].code).toBe('Conflict');
    expect(fresh.status).toBe(200);
    expect(fresh.body.entries[0].amount).toBe(1.005);
    const listed = (await api.get(`${base}/Journals`)).body.results.map((j: { totals: { debit: number } }) => j.totals.debit);
    expect(listed.sort()).toEqual([1.005]);
  });

  it('refuses a draft converted into a stale base currency, so a company never books in a currency it left', async () => {
    const { api, base, companyId } = await companyOwner(gateway.url);
    const chart = await chartOfAccounts(api, base);
    const draft = (cash: string) => api.post(`${base}/Journals`, { date: '2026-03-01T08:00:00Z', entries: [debit(cash, 5), credit(chart.sales.id, 5)] });
    // A refused draft reads (and so keeps) the settings, and leaves the company without journals.
    expect((await draft(randomUUID())).status).toBe(404);

    await changeElsewhere(companyId, { baseCurrency: 'USD' });
    const stale = await draft(chart.cash.id);
    const fresh = await draft(chart.cash.id);

    expect(stale.status).toBe(409);
    expect(fresh.status).toBe(200);
    expect(fresh.body.entries[0].currency).toBe('USD');
  });

  it('sees a change made elsewhere once the lifetime ends, without a refusal', async () => {
    process.env.SETTINGS_CACHE_MS = String(LIFETIME_MS);
    const { api, base, chart, companyId } = await companyBooks(gateway.url);
    const draft = (amount: number) => api.post(`${base}/Journals`, { date: '2026-03-01T08:00:00Z', entries: [debit(chart.cash.id, amount), credit(chart.sales.id, amount)] });
    // The first draft numbers a journal; the second keeps the settings read since (settled: no check).
    expect((await draft(1)).status).toBe(200);
    const keptSince = Date.now();
    expect((await draft(1)).status).toBe(200);

    await changeElsewhere(companyId, { decimalPrecision: 3 });
    const meanwhile = await draft(1.005);
    const meanwhileAt = Date.now();
    await sleep(LIFETIME_MS - (Date.now() - keptSince) + 50);
    const after = await draft(1.005);

    expect(meanwhileAt - keptSince).toBeLessThan(LIFETIME_MS);
    // Within the lifetime, the kept precision (2) refuses the third decimal.
    expect(meanwhile.status).toBe(400);
    expect(meanwhile.body.errors[0].name).toBe('entries[0].amount');
    expect(after.status).toBe(200);
  });
});
