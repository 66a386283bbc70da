import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway, type ApiResponse, type Client } from '../../support/api.ts';

const gateway = useGateway();

async function createCenters(api: Client, base: string, codes: string[]) {
  // Sequential so creation order is well defined.
  for (const code of codes) {
    const r = await api.post(`${base}/CostCenters`, { code, name: { arabic: `مركز ${code}`, english: `Center ${code}` } });
    if (r.status !== 200) throw new Error(r.text);
  }
}

const codes = (n: number, prefix = 'C') => Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(3, '0')}`);

async function walk(api: Client, path: string, between?: (pageIndex: number) => Promise<void>) {
  const seen: string[] = [];
  const sizes: number[] = [];
  let page: string | null = null;
  for (let i = 0; i < 100; i++) {
    const separator = path.includes('?') ? '&' : '?';
    const response: ApiResponse = await api.get(`${path}${page ? `${separator}page=${encodeURIComponent(page)}` : ''}`);
    expect(response.status).toBe(200);
    expect(response.body.currentPage).toBe(page);
    seen.push(...response.body.results.map((r: { code: string }) => r.code));
    sizes.push(response.body.results.length);
    page = response.body.nextPage;
    if (!page) break;
    await between?.(i);
  }
  return { seen, sizes };
}

describe('cursor pagination', () => {
  it('pages 20 by default and ends with nextPage null, never an empty last page', async () => {
    const { api, base } = await companyOwner(gateway.url);
    await createCenters(api, base, codes(25));

    const { seen, sizes } = await walk(api, `${base}/CostCenters?orderAsc=true`);
    const exact = await walk(api, `${base}/CostCenters?pageSize=5`);

    expect(sizes).toEqual([20, 5]);
    expect(seen).toEqual(codes(25));
    expect(exact.sizes).toEqual([5, 5, 5, 5, 5]);
    expect(exact.seen).toEqual([...codes(25)].reverse());
  });

  it('validates pageSize, keyword, orderBy, orderAsc and unknown parameters, naming each', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const bad = async (query: string, field: string) => {
      const response = await api.get(`${base}/Accounts?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.errors[0].name, query).toBe(field);
    };

    await bad('pageSize=0', 'pageSize');
    await bad('pageSize=101', 'pageSize');
    await bad('pageSize=2.5', 'pageSize');
    await bad('pageSize=ten', 'pageSize');
    await bad(`keyword=${'k'.repeat(51)}`, 'keyword');
    await bad('orderBy=Balance', 'orderBy');
    await bad('orderAsc=yes', 'orderAsc');
    await bad('status=open', 'status');
    expect((await api.get(`${base}/Accounts?pageSize=100&keyword=${'k'.repeat(50)}`)).status).toBe(200);
  });

  it('refuses a tampered cursor and one from another company, list, sort or keyword', async () => {
    const first = await companyOwner(gateway.url);
    const second = await companyOwner(gateway.url);
    await createCenters(first.api, first.base, codes(3));
    await createCenters(second.api, second.base, codes(3));
    const cursor = (await first.api.get(`${first.base}/CostCenters?pageSize=1`)).body.nextPage as string;
    const [payload, signature] = cursor.split('.');
    const forged = Buffer.from(Buffer.from(payload!, 'base64url').toString().replace(first.companyId, second.companyId)).toString('base64url');
    const refused = async (api: Client, path: string) => {
      const response = await api.get(path);
      expect(response.status, path).toBe(400);
      expect(response.body.errors[0]).toMatchObject({ name: 'page', code: 'InvalidCursor' });
    };
    const q = (c: string) => encodeURIComponent(c);

    await refused(first.api, `${first.base}/CostCenters?pageSize=1&page=${q(`${forged}.${signature}`)}`);
    const flipped = `${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    await refused(first.api, `${first.base}/CostCenters?pageSize=1&page=${q(`${payload}.${flipped}`)}`);
    await refused(first.api, `${first.base}/CostCenters?pageSize=1&page=garbage`);
    await refused(second.api, `${second.base}/CostCenters?pageSize=1&page=${q(cursor)}`);
    await refused(first.api, `${first.base}/Accounts?pageSize=1&page=${q(cursor)}`);
    await refused(first.api, `${first.base}/CostCenters?pageSize=1&orderAsc=true&page=${q(cursor)}`);
    await refused(first.api, `${first.base}/CostCenters?pageSize=1&keyword=c&page=${q(cursor)}`);
    expect((await first.api.get(`${first.base}/CostCenters?pageSize=1&page=${q(cursor)}`)).status).toBe(200);
  });

  it('returns each item exactly once while items are created during the walk', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const original = codes(30, 'M');
    await createCenters(api, base, original);
    const added: string[] = [];

    const { seen } = await walk(api, `${base}/CostCenters?orderAsc=true&pageSize=7`, async (i) => {
      // One code sorting before everything (behind the cursor), one after everything.
      const before = `A${i}`;
      const after = `Z${i}`;
      added.push(before, after);
      await createCenters(api, base, [before, after]);
    });

    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((c) => c.startsWith('M'))).toEqual(original);
    expect(seen.some((c) => c.startsWith('A'))).toBe(false);
    expect(seen.filter((c) => c.startsWith('Z')).sort()).toEqual(added.filter((c) => c.startsWith('Z')).sort());
  });

  it('fills keyword-filtered pages to pageSize', async () => {
    const { api, base } = await companyOwner(gateway.url);
    await createCenters(api, base, [...codes(12, 'KEEP'), ...codes(13, 'SKIP')]);

    const { seen, sizes } = await walk(api, `${base}/CostCenters?orderAsc=true&pageSize=5&keyword=keep`);

    expect(sizes).toEqual([5, 5, 2]);
    expect(seen).toEqual(codes(12, 'KEEP'));
  });
});
