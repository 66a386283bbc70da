import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/keys.ts';
import { useGateway, type ApiResponse, type Client } from '../../support/api.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';

const gateway = useGateway();

/** Every journal a list walk returns, pageSize 2 (so cursors are used). */
async function walk(api: Client, base: string, query: string): Promise<Array<{ id: string; date: string; serialNumber: number }>> {
  const all = [];
  let page: string | null = null;
  do {
    const r: ApiResponse = await api.get(`${base}/Journals?pageSize=2&${query}${page ? `&page=${encodeURIComponent(page)}` : ''}`);
    expect(r.status, r.text).toBe(200);
    all.push(...r.body.results);
    page = r.body.nextPage;
  } while (page);
  return all;
}

/**
 * A company's journals are spread over several index keys (and older ones stay under the one
 * key they were written under); the list merges them into the one order a single key gave.
 */
describe('journal index shards', () => {
  it('lists journals from every shard and the older key, in order, each once, by date and by serial number, both ways', async () => {
    const { api, base, companyId, chart } = await companyBooks(gateway.url);
    const created = [];
    for (let i = 0; i < 14; i++) {
      const r = await api.post(`${base}/Journals`, { date: `2026-02-${String(1 + (i % 5)).padStart(2, '0')}T0${i % 10}:00:00Z`, entries: [debit(chart.cash.id, 1 + i), credit(chart.sales.id, 1 + i)] });
      expect(r.status, r.text).toBe(200);
      created.push(r.body);
    }
    const indexKeys = await Promise.all(
      created.map(async (j) => (await db().send(new GetCommand({ TableName: config.tableName, Key: keys.journal(companyId, j.id) }))).Item!),
    );
    // Spread: more than one key, none of them the older one.
    const older = `COMPANY#${companyId}#JOURNAL`;
    expect(new Set(indexKeys.map((i) => i.gsi1pk)).size).toBeGreaterThan(1);
    expect(indexKeys.filter((i) => i.gsi1pk === older || i.gsi2pk === older)).toEqual([]);
    // Three journals as written before the shards: under the older key.
    for (const j of created.slice(0, 3)) {
      await db().send(new UpdateCommand({ TableName: config.tableName, Key: keys.journal(companyId, j.id), UpdateExpression: 'SET gsi1pk = :older, gsi2pk = :older', ExpressionAttributeValues: { ':older': older } }));
    }
    const byDate = (a: { date: string; id: string }, b: { date: string; id: string }) => (a.date === b.date ? (a.id < b.id ? -1 : 1) : a.date < b.date ? -1 : 1);
    const expectedByDate = [...created].sort(byDate).map((j) => j.id);
    const expectedBySerial = [...created].sort((a, b) => a.serialNumber - b.serialNumber).map((j) => j.id);
    expect((await walk(api, base, 'orderBy=Date&orderAsc=true')).map((j) => j.id)).toEqual(expectedByDate);
    expect((await walk(api, base, 'orderBy=Date&orderAsc=false')).map((j) => j.id)).toEqual([...expectedByDate].reverse());
    expect((await walk(api, base, 'orderBy=SerialNumber&orderAsc=true')).map((j) => j.id)).toEqual(expectedBySerial);
    expect((await walk(api, base, 'orderBy=SerialNumber&orderAsc=false&dateFrom=2026-02-02&dateTo=2026-02-04')).map((j) => j.id)).toEqual(
      [...created].filter((j) => j.date >= '2026-02-02' && j.date < '2026-02-05').sort((a, b) => b.serialNumber - a.serialNumber).map((j) => j.id),
    );
  });
});
