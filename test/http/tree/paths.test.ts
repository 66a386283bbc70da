import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway } from '../../support/api.ts';

/** Through the API only; the reads a path costs: test/db/tree/path-reads.test.ts. */
const gateway = useGateway();
const name = (code: string) => ({ arabic: `ح ${code}`, english: `A ${code}` });

describe('code paths', () => {
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
