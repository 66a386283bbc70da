import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway, type ApiResponse } from '../../support/api.ts';
import { faultInjector } from '../support/faults.ts';

/** The reads that resolve a code path, counted at the service's DynamoDB client (test/http/tree/paths.test.ts resolves paths through the API). */
const gateway = useGateway();
const name = (code: string) => ({ arabic: `ح ${code}`, english: `A ${code}` });

describe('code path reads', () => {
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
});
