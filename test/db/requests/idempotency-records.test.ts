import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import { inflatedText } from '../../../shared/db/table/deflated-text.ts';
import * as keys from '../../../shared/db/table/keys.ts';
import { responseSchema } from '../../../shared/schemas/responses.ts';
import { client, companyOwner, useGateway } from '../../support/api.ts';
import { faultInjector } from '../support/faults.ts';
import { itemSize } from '../../support/dynamodb-limits/item-size.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';

/**
 * Idempotency records as stored: no secret in them, a claim held by another request or past its
 * day, and a crash between commit and answer (test/http/requests/idempotency.test.ts keeps to the API).
 */
const gateway = useGateway();
const account = (code: string) => ({ code, name: { arabic: `حساب ${code}`, english: `Account ${code}` }, type: 'leaf', classification: 'asset' });
const withKey = (key: string) => ({ 'Idempotency-Key': key });

describe('Idempotency-Key records', () => {
  it('never stores a secret shown once: a replay, by anyone, says it was shown and does not show it again', async () => {
    const owner = await companyOwner(gateway.url);
    const keyed = (await owner.api.post(`${owner.base}/ApiKeys`, { name: 'hooks', permissions: ['webhooks:manage'] })).body;
    const other = client(gateway.url, `Bearer ${keyed.key}`);
    const key = randomUUID();

    const first = await owner.api.post(`${owner.base}/Webhooks`, { url: 'http://127.0.0.1:9/first' }, withKey(key));
    const byOther = await other.post(`${owner.base}/Webhooks`, { url: 'http://127.0.0.1:9/other' }, withKey(key));
    const byOwner = await owner.api.post(`${owner.base}/Webhooks`, { url: 'http://127.0.0.1:9/first' }, withKey(key));
    const { Item } = await db().send(new GetCommand({ TableName: config.idempotencyTableName, Key: keys.idempotency({ companyId: owner.companyId }, 'CreateWebhook', key) }));

    const secret = first.body.secret as string;
    expect(secret).toMatch(/^whsec_/);
    expect(first.body.secretOmitted).toBe(false);
    // The stored body is deflated: read it as a replay would, and the rest of the record as it is.
    const { bodyZ, ...rest } = Item!.response as { bodyZ: Uint8Array };
    expect(inflatedText(bodyZ)).toContain('"secretOmitted":true');
    expect(inflatedText(bodyZ)).not.toContain(secret);
    expect(JSON.stringify({ ...Item, response: rest })).not.toContain(secret);
    for (const replay of [byOther, byOwner]) {
      expect(replay.status).toBe(200);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.text).not.toContain(secret);
      expect(replay.body).toEqual({ ...first.body, secret: null, secretOmitted: true });
      expect(responseSchema('CreatedWebhookResponse').safeParse(replay.body).error?.issues).toBeUndefined();
    }
    expect(responseSchema('CreatedWebhookResponse').safeParse(first.body).error?.issues).toBeUndefined();
    expect((await owner.api.get(`${owner.base}/Webhooks`)).body.results).toHaveLength(1);
    // Nor does the change's event carry it.
    expect((await owner.api.get(`${owner.base}/Events?type=WebhookCreated`)).text).not.toContain(secret);
  });

  it('answers 409 Conflict while the first request holds the key, and frees it when its lease runs out (rule 4)', async () => {
    const { api, base, companyId } = await companyOwner(gateway.url);
    const key = randomUUID();
    const record = (leaseExpiresAt: number) =>
      new PutCommand({
        TableName: config.idempotencyTableName,
        Item: { ...keys.idempotency({ companyId }, 'CreateAccount', key), status: 'IN_PROGRESS', claimToken: 'other', leaseExpiresAt, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
      });

    await db().send(record(Date.now() + 60_000));
    const busy = await api.post(`${base}/Accounts`, account('1'), withKey(key));
    await db().send(record(Date.now() - 1));
    const afterLease = await api.post(`${base}/Accounts`, account('1'), withKey(key));

    expect(busy.status).toBe(409);
    expect(busy.body.errors[0].code).toBe('Conflict');
    expect(afterLease.status).toBe(200);
  });

  it('keeps a two-line journal\'s response within the 1 KB of a write unit, and replays one kept before with its body as text', async () => {
    const { api, base, companyId, chart } = await companyBooks(gateway.url);
    const key = randomUUID();
    const created = await api.post(`${base}/Journals`, { date: '2026-03-15T09:00:00Z', entries: [debit(chart.cash.id, 100), credit(chart.sales.id, 100)] }, withKey(key));
    const recordKey = keys.idempotency({ companyId }, 'CreateJournal', key);
    const { Item } = await db().send(new GetCommand({ TableName: config.idempotencyTableName, Key: recordKey }));

    expect(itemSize(marshall(Item))).toBeLessThanOrEqual(1024);
    // The form records were kept in before: the body as text.
    const { bodyZ, ...response } = Item!.response as { bodyZ: Uint8Array };
    await db().send(new PutCommand({ TableName: config.idempotencyTableName, Item: { ...Item, response: { ...response, body: inflatedText(bodyZ) } } }));
    const replay = await api.post(`${base}/Journals`, { date: '2026-03-15T09:00:00Z', entries: [debit(chart.cash.id, 100), credit(chart.sales.id, 100)] }, withKey(key));
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.text).toBe(created.text);
  });

  it('keeps the body as text with DEFLATED_TEXT=off, the first step of an upgrade from a version that replays only text', async () => {
    const { api, base, companyId } = await companyOwner(gateway.url);
    const key = randomUUID();
    process.env.DEFLATED_TEXT = 'off';
    try {
      const first = await api.post(`${base}/Accounts`, account('1'), withKey(key));
      const { Item } = await db().send(new GetCommand({ TableName: config.idempotencyTableName, Key: keys.idempotency({ companyId }, 'CreateAccount', key) }));
      const replay = await api.post(`${base}/Accounts`, account('1'), withKey(key));

      expect(Item!.response).toMatchObject({ statusCode: 200, body: first.text });
      expect(Item!.response.bodyZ).toBeUndefined();
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.text).toBe(first.text);
    } finally {
      delete process.env.DEFLATED_TEXT;
    }
  });

  it('treats a key older than 24 hours as new even before TTL deletes it', async () => {
    const { api, base, companyId } = await companyOwner(gateway.url);
    const key = randomUUID();
    await db().send(
      new PutCommand({
        TableName: config.idempotencyTableName,
        Item: {
          ...keys.idempotency({ companyId }, 'CreateAccount', key),
          status: 'COMPLETED',
          claimToken: 'old',
          response: { statusCode: 200, headers: {}, body: '{"stale":true}' },
          expiresAt: Math.floor(Date.now() / 1000) - 1,
        },
      }),
    );

    const response = await api.post(`${base}/Accounts`, account('1'), withKey(key));

    expect(response.body.code).toBe('1');
    expect(response.headers.get('idempotent-replayed')).toBeNull();
  });

  it('after a crash between commit and response, a retry returns the original response and creates nothing', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const key = randomUUID();
    const { mock, realSend } = faultInjector();
    mock.on(TransactWriteCommand).callsFakeOnce(async (input: unknown) => {
      await realSend(new TransactWriteCommand(input as never));
      throw new Error('socket hang up after commit');
    });

    let crashed;
    try {
      crashed = await api.post(`${base}/Accounts`, account('C'), withKey(key));
    } finally {
      mock.restore();
    }
    const retry = await api.post(`${base}/Accounts`, account('C'), withKey(key));

    expect(crashed.status).toBe(500);
    expect(crashed.body.errors[0].code).toBe('InternalError');
    expect(crashed.text).not.toMatch(/socket hang up|at .*\.ts/);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const all = (await api.get(`${base}/Accounts`)).body.results;
    expect(all).toHaveLength(1);
    expect(all[0].id).toBe(retry.body.id);
  });
});
