import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway, type ApiResponse } from '../../support/api.ts';
import { faultInjector } from '../../db/support/faults.ts';

const gateway = useGateway();
const name = (code: string) => ({ arabic: `ح ${code}`, english: `A ${code}` });

describe('code paths', () => {
  it('resolves a path with reads proportional to its depth, not to the size of the chart', async () => {
    const { api, base } = await companyOwner(gateway.url);
    let parent: string | null = null;
    const depth = 6;
    for (let level = 0; level < depth; level++) {
      const r: ApiResponse = await api.post(`${base}/Accounts`, { code: `L${level}`, name: name(`L${level}`), type: 'category', parentId: parent, ...(parent ? {} : { classification: 'asset' }) });
      parent = r.body.id;
      // Siblings at every level make the chart wide; a scan would read all of them.
      for (let s = 0; s < 8; s++) await api.post(`${base}/Accounts`, { code: `S${level}-${s}`, name: name('s'), type: 'leaf', parentId: level === 0 ? null : r.body.parentId, ...(level === 0 ? { classification: 'asset' } : {}) });
    }
    const path = Array.from({ length: depth }, (_, i) => `L${i}`).join('.');
    const { mock } = faultInjector();

    let created;
    try {
      created = await api.post(`${base}/Accounts`, { code: 'leaf', name: name('leaf'), type: 'leaf', parentId: path });
    } finally {
      mock.restore();
    }

    expect(created.status).toBe(200);
    expect(created.body.path).toBe(`${path}.leaf`);
    expect(mock.commandCalls(QueryCommand)).toHaveLength(0);
    // membership + one edge per segment + the resolved node
    expect(mock.commandCalls(GetCommand).length).toBeLessThanOrEqual(depth + 2);
    // ancestors fetched one level per round trip
    expect(mock.commandCalls(BatchGetCommand).length).toBeLessThanOrEqual(depth);
  });

  it('treats any non-UUID reference as a path and answers 404 naming the field when nothing matches', async () => {
    const { api, base } = await companyOwner(gateway.url);
    await api.post(`${base}/CostCenters`, { code: 'HQ', name: name('HQ') });

    for (const reference of ['HQ.missing', 'missing', '00000000-0000-4000-8000-000000000000']) {
      const response = await api.post(`${base}/CostCenters`, { code: 'x', parentId: reference, name: name('x') });
      expect(response.status, reference).toBe(404);
      expect(response.body.errors[0]).toMatchObject({ name: 'parentId', code: 'NotFound' });
    }
    // A path with an empty code cannot name anything: malformed, not missing.
    const malformed = await api.post(`${base}/CostCenters`, { code: 'x', parentId: 'HQ..x', name: name('x') });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].name).toBe('parentId');
  });
});
