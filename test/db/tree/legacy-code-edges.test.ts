import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/keys.ts';
import { companyOwner, useGateway, type ApiResponse, type Client } from '../../support/api.ts';

/** Code edges written before look-alike forms, as the tree still reads them (test/http/tree/look-alikes.test.ts: codes written now). */
const gateway = useGateway();
const names = (english: string, arabic = `حساب ${english}`) => ({ arabic, english });

function expectError(response: ApiResponse, status: number, field: string, code?: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.body.errors[0].name, response.text).toBe(field);
  if (code) expect(response.body.errors[0].code, response.text).toBe(code);
}

const KINDS = [
  { resource: 'Accounts', body: (code: string, parentId: string | null, name = names(code)) => ({ code, name, type: 'category', parentId, ...(parentId ? {} : { classification: 'asset' }) }) },
  { resource: 'CostCenters', body: (code: string, parentId: string | null, name = names(code)) => ({ code, name, parentId }) },
];

describe.each(KINDS)('codes of $resource whose edges were written before look-alike forms', ({ resource, body }) => {
  const create = (api: Client, base: string, code: string, parentId: string | null = null, name?: { arabic: string; english: string }) => api.post(`${base}/${resource}`, body(code, parentId, name));

  it('still resolves, and still keeps unique, a code whose edge was written before look-alike forms', async () => {
    const { api, base, companyId } = await companyOwner(gateway.url);
    const kind = resource === 'Accounts' ? 'ACCOUNT' : 'COST_CENTER';
    const root = (await create(api, base, 'R')).body;
    const legacy = (await create(api, base, 'Cash', root.id)).body;
    // The edge as it was written before: keyed by the code as typed, without `code`.
    await db().send(new DeleteCommand({ TableName: config.tableName, Key: keys.nodeEdge(kind, companyId, root.id, 'cash') }));
    await db().send(new PutCommand({ TableName: config.tableName, Item: { ...keys.nodeEdge(kind, companyId, root.id, 'Cash'), entity: `${kind}_EDGE`, childId: legacy.id } }));

    expect((await create(api, base, 'x', 'R.Cash')).body.parentId).toBe(legacy.id);
    expectError(await create(api, base, 'Cash', root.id), 409, 'code', 'DuplicateCode');
    // A code change writes the edge under its form and drops the old one.
    const renamed = await api.put(`${base}/${resource}/${legacy.id}`, { code: 'CASH', name: legacy.name, parentId: root.id, version: legacy.version });
    expect(renamed.status, renamed.text).toBe(200);
    expectError(await create(api, base, 'cash', root.id), 409, 'code', 'DuplicateCode');
    expectError(await create(api, base, 'y', 'R.Cash'), 404, 'parentId');
    expect((await create(api, base, 'y', 'R.CASH')).body.parentId).toBe(legacy.id);
  });
});
