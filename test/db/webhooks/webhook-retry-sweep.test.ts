import type { AddressInfo } from 'node:net';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTables } from '../../../infra/local/create-tables.ts';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/keys.ts';
import { MAIN_TABLE } from '../../../shared/db/table/tables.ts';
import { dueDeliveries } from '../../../shared/db/stores/webhook-store.ts';
import { webhookDispatching } from '../../../shared/db/stores/webhook-dispatch-ports.ts';
import { dispatchCompany, retryDueDeliveries } from '../../../shared/webhooks/dispatcher.ts';
import { installLimitsSimulator } from '../../support/dynamodb-limits/limits-simulator.ts';
import { simulatedRequest } from '../../support/dynamodb-limits/simulated-request.ts';
import { companyOwner, useGateway } from '../../support/api.ts';
import { receiver, until } from '../../support/webhook-receiver.ts';

// A table of this file's own: the retry sweep reads every company's due deliveries, and no
// dispatcher of another file may send these first.
const TABLE = `webhook-sweep-${process.pid}`;
const saved = process.env.WEBHOOK_RETRY_BASE_MS;
const { received, server } = receiver();
let url = '';
beforeAll(async () => {
  await createTables(process.env.DYNAMODB_ENDPOINT!, { ledger: TABLE }, { streams: false });
  process.env.TABLE_NAME = TABLE;
  // A failed attempt is due again a millisecond later.
  process.env.WEBHOOK_RETRY_BASE_MS = '1';
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  process.env.WEBHOOK_RETRY_BASE_MS = saved ?? '';
});
const gateway = useGateway();

/** Due-index key value -> the sequences of the company's deliveries under it. */
async function dueIndexOf(companyIds: readonly string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  for (const partition of [...keys.dueDeliveriesPartitions(), keys.dueDeliveriesBeforeSpread]) {
    const { Items } = await db().send(new QueryCommand({ TableName: config.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': partition } }));
    const ours = (Items ?? []).filter((item) => companyIds.includes(item.companyId as string));
    if (ours.length > 0) found.set(partition, ours.map((item) => `${item.companyId} ${item.sequence}`));
  }
  return found;
}

/** A company whose subscription fails each event's first attempt, with `count` cost centers created (events not yet dispatched). */
async function companyWithDeliveries(count: number) {
  const owner = await companyOwner(gateway.url);
  const hook = await owner.api.post(`${owner.base}/Webhooks`, { url: `${url}/fail-each-once/${owner.companyId}`, eventTypes: ['CostCenterCreated'] });
  expect(hook.status, hook.text).toBe(200);
  for (let i = 0; i < count; i++) expect((await owner.api.post(`${owner.base}/CostCenters`, { code: `C${i}`, name: { arabic: 'م', english: `C${i}` } })).status).toBe(200);
  return { ...owner, webhookId: hook.body.id as string };
}

const deliveredTo = (companyId: string) => received.filter((r) => r.path === `/fail-each-once/${companyId}` && r.status < 300).map((r) => String(r.headers['ledger-event-id']));

describe('the retry sweep over the spread due-delivery index', () => {
  it("spreads many companies' due deliveries over several index key values (the busiest taking a fraction of the writes), and the sweep delivers each once", async () => {
    const companies = await Promise.all(Array.from({ length: 8 }, () => companyWithDeliveries(3)));
    const ids = companies.map((c) => c.companyId);

    // Every first attempt fails: 24 deliveries wait in the due index. Index writes counted by the limits simulator, all within one simulated second.
    const simulator = installLimitsSimulator(db(), { tables: { [TABLE]: { ...MAIN_TABLE, id: TABLE } } });
    const runs = await Promise.all(companies.map((c, i) => simulatedRequest(i * 10, () => dispatchCompany(webhookDispatching, c.companyId)))).finally(() => simulator.uninstall());
    const dueIndexWrites = new Map<string, number>();
    for (const { request } of runs) {
      for (const [partition, units] of request.writeUnitsByPartition) if (partition.startsWith(`${TABLE}.gsi1|DELIVERIES#DUE`)) dueIndexWrites.set(partition, (dueIndexWrites.get(partition) ?? 0) + units);
    }
    const total = [...dueIndexWrites.values()].reduce((a, b) => a + b, 0);
    // Created, leased, and its failure recorded: three index writes each.
    expect(total).toBeGreaterThanOrEqual(24 * 3);
    expect(Math.max(...dueIndexWrites.values())).toBeLessThanOrEqual(total / 2);

    const where = await dueIndexOf(ids);
    expect([...where.values()].flat()).toHaveLength(24);
    expect(where.size).toBeGreaterThan(1);
    expect(where.has(keys.dueDeliveriesBeforeSpread)).toBe(false);

    // Read across the key values, merged: oldest due first, and a bounded read is the oldest of them all.
    const far = new Date(Date.now() + 3600_000).toISOString();
    const all = (await dueDeliveries(far, 1000)).filter((d) => ids.includes(d.companyId));
    expect(all).toHaveLength(24);
    const dueAt = all.map((d) => `${d.nextAttemptAt} ${d.companyId} ${d.webhookId} ${d.sequence}`);
    expect(dueAt).toEqual([...dueAt].sort());
    expect(await dueDeliveries(far, 5)).toEqual(all.slice(0, 5));

    // Two sweeps at once: each delivery is claimed by one of them.
    await until('every delivery sent', async () => {
      await Promise.all([retryDueDeliveries(webhookDispatching), retryDueDeliveries(webhookDispatching)]);
      return (await dueIndexOf(ids)).size === 0 ? true : undefined;
    });
    for (const company of companies) {
      const log = (await company.api.get(`${company.base}/Webhooks/${company.webhookId}/Deliveries`)).body.results;
      expect(log).toHaveLength(3);
      expect(log.map((d: { status: string; attempts: number }) => [d.status, d.attempts])).toEqual([['delivered', 2], ['delivered', 2], ['delivered', 2]]);
      const sent = deliveredTo(company.companyId);
      expect(sent).toHaveLength(3);
      expect(new Set(sent)).toEqual(new Set(log.map((d: { eventId: string }) => d.eventId)));
    }
  }, 60_000);

  it('still delivers a delivery written under the key used before the spread, and moves it out of that key', async () => {
    const company = await companyWithDeliveries(1);
    await dispatchCompany(webhookDispatching, company.companyId);
    const [pending] = (await company.api.get(`${company.base}/Webhooks/${company.webhookId}/Deliveries`)).body.results;
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });

    // As the delivery was written before the spread: under the one key every due delivery shared.
    const key = keys.delivery(company.companyId, company.webhookId, pending.sequence);
    await db().send(new UpdateCommand({ TableName: config.tableName, Key: key, UpdateExpression: 'SET gsi1pk = :before', ExpressionAttributeValues: { ':before': keys.dueDeliveriesBeforeSpread } }));
    expect([...(await dueIndexOf([company.companyId])).keys()]).toEqual([keys.dueDeliveriesBeforeSpread]);

    await until('the delivery sent', async () => {
      await retryDueDeliveries(webhookDispatching);
      return deliveredTo(company.companyId).length > 0 ? true : undefined;
    }, 10_000);
    const [delivered] = (await company.api.get(`${company.base}/Webhooks/${company.webhookId}/Deliveries`)).body.results;
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 2, eventId: pending.eventId });
    expect(deliveredTo(company.companyId)).toEqual([pending.eventId]);
    expect((await dueIndexOf([company.companyId])).size).toBe(0);
  }, 60_000);
});
