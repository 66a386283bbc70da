import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTables } from '../../../infra/local/create-tables.ts';
import { dispatchNow, startEventDispatcher, type RunningDispatcher } from '../../../infra/local/event-dispatcher.ts';
import { verifySignature } from '../../../shared/webhooks/signature.ts';
import { webhookUrlProblem } from '../../../shared/webhooks/url-rules.ts';
import { client, companyOwner, signedInUser, useGateway, type Client } from '../../support/api.ts';
import { chartOfAccounts, credit, debit, year2026 } from '../../support/ledger.ts';
import { receiver, until } from '../../support/webhook-receiver.ts';
import { wholeFeed } from '../../support/feed.ts';

const gateway = useGateway();

/**
 * The file's own table, with the main table's stream its dispatcher reads as Lambda's event
 * source does: the run's shared table goes without one (test/support/global-setup.ts), and
 * so this dispatcher and its retry sweep see only this file's companies.
 */
const TABLE = 'ledger-webhooks';

const feed = (api: Client, base: string) => wholeFeed<{ id: string; sequence: number; type: string }>(api, base);

describe('webhooks', () => {
  const { received, server } = receiver();
  let dispatcher: RunningDispatcher;
  let url: string;
  const saved = { base: process.env.WEBHOOK_RETRY_BASE_MS, window: process.env.WEBHOOK_RETRY_WINDOW_MS };

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Retries within the test's time: 100 ms first, and a 3-second window before giving up.
    Object.assign(process.env, { WEBHOOK_RETRY_BASE_MS: '100', WEBHOOK_RETRY_WINDOW_MS: '3000' });
    await createTables(process.env.DYNAMODB_ENDPOINT!, { ledger: TABLE });
    process.env.TABLE_NAME = TABLE; // put back when the file ends (test/support/worker-env.ts)
    dispatcher = await startEventDispatcher({ endpoint: process.env.DYNAMODB_ENDPOINT!, tableName: TABLE, pollMs: 100, sweepMs: 200 });
  });
  afterAll(async () => {
    await dispatcher?.close();
    server.close();
    Object.assign(process.env, { WEBHOOK_RETRY_BASE_MS: saved.base ?? '', WEBHOOK_RETRY_WINDOW_MS: saved.window ?? '' });
  });

  it('refuses URLs outside the rules: https only in AWS, no private, loopback or link-local address', async () => {
    expect(webhookUrlProblem('https://hooks.example.com/ledger', false)).toBeUndefined();
    for (const bad of ['http://hooks.example.com/', 'https://127.0.0.1/', 'https://localhost/', 'https://10.1.2.3/', 'https://169.254.169.254/latest', 'https://[::1]/', 'https://[fe80::1]/', 'https://[::ffff:192.168.1.1]/', 'https://user:pw@hooks.example.com/', 'ftp://x/']) {
      expect(webhookUrlProblem(bad, false), bad).toBeDefined();
    }
    // Locally, loopback receivers are allowed, over http too; private addresses still are not.
    expect(webhookUrlProblem('http://127.0.0.1:9000/hook', true)).toBeUndefined();
    expect(webhookUrlProblem('http://10.0.0.1/hook', true)).toBeDefined();

    const owner = await companyOwner(gateway.url);
    const refused = await owner.api.post(`${owner.base}/Webhooks`, { url: 'http://192.168.0.10/hook' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].name).toBe('url');
  });

  it('refuses at creation and on change every IPv6 form of an internal address (NAT64, 6to4, IPv4-compatible, Teredo, mapped), storing nothing', async () => {
    const owner = await companyOwner(gateway.url);
    const bad = ['[64:ff9b::a9fe:a9fe]', '[64:ff9b::a00:1]', '[64:ff9b:1::a00:1]', '[2002:a9fe:a9fe::]', '[::a9fe:a9fe]', '[::169.254.169.254]', '[2001::1]', '[2001:0:4136:e378:8000:63bf:3fff:fdd2]', '[::ffff:169.254.169.254]', '[::ffff:0:a9fe:a9fe]', '[fd00::1]', '[4000::1]', '100.64.0.1', '240.0.0.1', '2852039166'];
    const kept = await owner.api.post(`${owner.base}/Webhooks`, { url: 'https://hooks.example.com/ledger' });
    expect(kept.status, kept.text).toBe(200);

    for (const host of bad) {
      const created = await owner.api.post(`${owner.base}/Webhooks`, { url: `https://${host}/hook` });
      const changed = await owner.api.put(`${owner.base}/Webhooks/${kept.body.id}`, { url: `https://${host}/hook`, active: true, version: 1 });
      for (const refused of [created, changed]) {
        expect(refused.status, host).toBe(400);
        expect(refused.body.errors, host).toEqual([expect.objectContaining({ name: 'url', reason: expect.stringMatching(/^must point at a public address: /) })]);
      }
    }

    const list = await owner.api.get(`${owner.base}/Webhooks`);
    expect(list.body.results.map((w: { url: string; version: number }) => [w.url, w.version])).toEqual([['https://hooks.example.com/ledger', 1]]);
  });

  it('delivers every event once it commits, signed; a receiver failing for a while gets every event after it recovers', async () => {
    const owner = await companyOwner(gateway.url);
    const chart = await chartOfAccounts(owner.api, owner.base);
    await year2026(owner.api, owner.base);
    const all = await owner.api.post(`${owner.base}/Webhooks`, { url: `${url}/all/${owner.companyId}`, description: 'everything' });
    const posted = await owner.api.post(`${owner.base}/Webhooks`, { url: `${url}/fail-3/${owner.companyId}`, eventTypes: ['JournalPosted'] });
    expect(all.body.secret).toMatch(/^whsec_/);
    expect((await owner.api.get(`${owner.base}/Webhooks/${all.body.id}`)).body.secret).toBeUndefined();

    for (let i = 1; i <= 5; i++) {
      const journal = (await owner.api.post(`${owner.base}/Journals`, { date: `2026-04-0${i}T08:00:00Z`, entries: [debit(chart.cash.id, `${i}.00`), credit(chart.sales.id, `${i}.00`)] })).body;
      await owner.api.post(`${owner.base}/Journals/${journal.id}/Post`, { postingDate: `2026-04-0${i}`, version: 1 });
    }

    const events = await feed(owner.api, owner.base);
    const since = events.find((e) => e.type === 'WebhookCreated')!.sequence;
    const expectedAll = events.filter((e) => e.sequence >= since).map((e) => e.id);
    const expectedPosted = events.filter((e) => e.type === 'JournalPosted').map((e) => e.id);
    expect(expectedPosted).toHaveLength(5);
    const deliveredTo = (path: string) => new Set(received.filter((r) => r.path === path && r.status < 300).map((r) => String(r.headers['ledger-event-id'])));

    await until('every event at the first receiver', () => (expectedAll.every((id) => deliveredTo(`/all/${owner.companyId}`).has(id)) ? true : undefined));
    await until('every posting at the recovered receiver', () => (expectedPosted.every((id) => deliveredTo(`/fail-3/${owner.companyId}`).has(id)) ? true : undefined));

    const toAll = received.filter((r) => r.path === `/all/${owner.companyId}`);
    expect(toAll.map((r) => r.headers['ledger-event-id']).sort()).toEqual([...expectedAll].sort());
    for (const r of toAll) {
      expect(verifySignature(all.body.secret, String(r.headers['ledger-signature']), r.body, Math.floor(Date.now() / 1000))).toBe(true);
      expect(JSON.parse(r.body).id).toBe(r.headers['ledger-event-id']);
      expect(verifySignature('whsec_wrong', String(r.headers['ledger-signature']), r.body, Math.floor(Date.now() / 1000))).toBe(false);
    }
    const toPosted = received.filter((r) => r.path === `/fail-3/${owner.companyId}`);
    expect(toPosted.filter((r) => r.status === 500)).toHaveLength(3);
    expect(new Set(toPosted.map((r) => JSON.parse(r.body).type))).toEqual(new Set(['JournalPosted']));

    // The dispatcher records an attempt once the receiver has answered it: the log may trail the receiver by that write.
    const log = await until('every delivery recorded', async () => {
      const page = await owner.api.get(`${owner.base}/Webhooks/${posted.body.id}/Deliveries`);
      return page.body.results.every((d: { status: string }) => d.status === 'delivered') ? page : undefined;
    });
    expect(log.body.results).toHaveLength(5);
    expect(log.body.results.reduce((sum: number, d: { attempts: number }) => sum + d.attempts, 0)).toBe(8);
    expect((await owner.api.get(`${owner.base}/Webhooks/${posted.body.id}`)).body.status).toBe('healthy');
  }, 60_000);

  it('delivers each event as its subscription\'s principal may read it, with amounts as the REST API shows them', async () => {
    const owner = await companyOwner(gateway.url);
    const chart = await chartOfAccounts(owner.api, owner.base);
    await year2026(owner.api, owner.base);
    // An integrator may manage webhooks and read the feed, but not journals.
    const role = (await owner.api.post(`${owner.base}/Roles`, { name: 'Integrator', permissions: ['webhooks:manage', 'events:read'] })).body;
    const integrator = await signedInUser(gateway.url);
    const membership = (await owner.api.post(`${owner.base}/Members`, { email: integrator.user.email, roleId: role.id })).body;
    const keyed = (await owner.api.post(`${owner.base}/ApiKeys`, { name: 'hooks', permissions: ['webhooks:manage', 'events:read', 'journals:read'] })).body;
    const keyClient = client(gateway.url, `Bearer ${keyed.key}`);
    const hook = (api: Client, path: string) => api.post(`${owner.base}/Webhooks`, { url: `${url}/${path}/${owner.companyId}`, eventTypes: ['JournalPosted'] });
    await hook(owner.api, 'as-owner');
    const limited = (await hook(integrator.api, 'as-integrator')).body;
    const byKey = (await hook(keyClient, 'as-key')).body;
    // Whoever last sets a subscription's URL is whose reads it delivers: the integrator re-points the owner's.
    const repointed = (await hook(owner.api, 'repointed')).body;
    const changed = await integrator.api.put(`${owner.base}/Webhooks/${repointed.id}`, { url: `${url}/repointed/${owner.companyId}`, eventTypes: ['JournalPosted'], active: true, version: 1 });
    expect(changed.status).toBe(200);

    const journal = (await owner.api.post(`${owner.base}/Journals`, { date: '2026-05-01T08:00:00Z', description: 'Board payroll', entries: [debit(chart.cash.id, '1234.56'), debit(chart.rent.id, '10'), credit(chart.sales.id, '1244.56')] })).body;
    await owner.api.post(`${owner.base}/Journals/${journal.id}/Post`, { postingDate: '2026-05-01', version: 1 });
    // The entry number is given when the posting's event is numbered, after the write, so no event's data holds it (docs/decisions.md, "Entry numbers").
    const { entryNumber: _numberedLater, ...rest } = (await owner.api.get(`${owner.base}/Journals/${journal.id}`)).body;
    const bodyAt = (path: string) => until(`the posting at ${path}`, () => received.find((r) => r.path === `/${path}/${owner.companyId}`)?.body);
    const [asOwner, asIntegrator, asKey, asRepointed] = await Promise.all(['as-owner', 'as-integrator', 'as-key', 'repointed'].map(bodyAt));

    // The owner's and the key's subscriptions carry the journal as GET /Journals/{id} shows it.
    for (const delivered of [asOwner!, asKey!]) {
      const data = JSON.parse(delivered).data;
      for (const field of Object.keys(rest)) expect(data[field], field).toEqual(rest[field]);
      expect(data).toEqual(rest);
    }
    expect(asOwner).toContain('"amount":1234.56');
    // The integrator's (created or re-pointed) carry the envelope only.
    for (const delivered of [asIntegrator!, asRepointed!]) {
      expect(JSON.parse(delivered)).toMatchObject({ type: 'JournalPosted', recordId: journal.id, data: null, dataOmitted: true, dataOmittedReason: 'permission' });
      expect(delivered).not.toContain('Board payroll');
      expect(delivered).not.toContain('1234.56');
    }

    // The integrator leaves and the key is revoked: their subscriptions send nothing more.
    await owner.api.delete(`${owner.base}/Members/${integrator.user.id}`, { version: membership.version });
    await owner.api.delete(`${owner.base}/ApiKeys/${keyed.id}`, { version: keyed.version });
    const second = (await owner.api.post(`${owner.base}/Journals`, { date: '2026-05-02T08:00:00Z', entries: [debit(chart.cash.id, '7.00'), credit(chart.sales.id, '7.00')] })).body;
    await owner.api.post(`${owner.base}/Journals/${second.id}/Post`, { postingDate: '2026-05-02', version: 1 });
    await until('the second posting at the owner\'s receiver', () => (received.filter((r) => r.path === `/as-owner/${owner.companyId}`).length === 2 ? true : undefined));
    for (const gone of [limited, byKey]) {
      const last = await until('the refused delivery', async () => {
        const log = (await owner.api.get(`${owner.base}/Webhooks/${gone.id}/Deliveries`)).body.results;
        return log.length === 2 && log[0].status === 'failed' ? log[0] : undefined;
      });
      expect(last.lastError).toMatch(/may no longer read/);
      expect(last.lastStatusCode).toBeNull();
    }
    expect(received.filter((r) => r.path === `/as-integrator/${owner.companyId}` || r.path === `/as-key/${owner.companyId}`)).toHaveLength(2);
  }, 60_000);

  it('creates and sends one delivery per event however many dispatchers run at once', async () => {
    const owner = await companyOwner(gateway.url);
    await owner.api.post(`${owner.base}/Webhooks`, { url: `${url}/once/${owner.companyId}`, eventTypes: ['CostCenterCreated'] });
    await Promise.all(Array.from({ length: 6 }, (_, i) => owner.api.post(`${owner.base}/CostCenters`, { code: `C${i}`, name: { arabic: 'م', english: `C${i}` } })));
    // The stream poller dispatches too: four dispatchers race over the same events.
    await Promise.all([dispatchNow(owner.companyId), dispatchNow(owner.companyId), dispatchNow(owner.companyId)]);

    const ids = await until('six deliveries', () => {
      const got = received.filter((r) => r.path === `/once/${owner.companyId}`).map((r) => String(r.headers['ledger-event-id']));
      return got.length >= 6 ? got : undefined;
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(received.filter((r) => r.path === `/once/${owner.companyId}`)).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
  });

  it('gives up after the retry window and marks the subscription failing', async () => {
    const owner = await companyOwner(gateway.url);
    const down = await owner.api.post(`${owner.base}/Webhooks`, { url: `${url}/down/${owner.companyId}`, eventTypes: ['AccountCreated'] });
    await owner.api.post(`${owner.base}/Accounts`, { code: '1', name: { arabic: 'أ', english: 'Assets' }, type: 'leaf', classification: 'asset' });

    const failing = await until('the subscription to be marked failing', async () => {
      const r = await owner.api.get(`${owner.base}/Webhooks/${down.body.id}`);
      return r.body.status === 'failing' ? r.body : undefined;
    });
    const log = await owner.api.get(`${owner.base}/Webhooks/${down.body.id}/Deliveries`);

    expect(failing.failingSince).toEqual(expect.any(String));
    expect(log.body.results).toHaveLength(1);
    expect(log.body.results[0]).toMatchObject({ type: 'AccountCreated', status: 'failed', lastStatusCode: 500, nextAttemptAt: null });
    expect(log.body.results[0].attempts).toBeGreaterThan(2);
  }, 60_000);
});
