import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { companyOwner, signedInUser, useGateway } from '../../support/api.ts';

/** Through the API only; the records as stored, and a crash between commit and answer: test/db/requests/idempotency-records.test.ts. */
const gateway = useGateway();
const account = (code: string) => ({ code, name: { arabic: `حساب ${code}`, english: `Account ${code}` }, type: 'leaf', classification: 'asset' });
const withKey = (key: string) => ({ 'Idempotency-Key': key });

describe('Idempotency-Key', () => {
  it('replays the stored 200 identically, marked as replayed, without creating again (rules 1, 2)', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const key = randomUUID();

    const first = await api.post(`${base}/Accounts`, account('1'), withKey(key));
    const retry = await api.post(`${base}/Accounts`, account('1'), withKey(key));

    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(retry.status).toBe(200);
    expect(retry.text).toBe(first.text);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await api.get(`${base}/Accounts`)).body.results).toHaveLength(1);
  });

  it('returns the original response for a different body, and after the record changed (rules 2, 8)', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const key = randomUUID();
    const first = await api.post(`${base}/Accounts`, account('1'), withKey(key));
    await api.put(`${base}/Accounts/${first.body.id}`, { code: '1', name: { arabic: 'تغيير', english: 'Changed' }, classification: 'asset', version: first.body.version });

    const differentBody = await api.post(`${base}/Accounts`, account('2'), withKey(key));
    const invalidBody = await api.request('POST', `${base}/Accounts`, { raw: '{oops', headers: withKey(key) });

    expect(differentBody.text).toBe(first.text);
    expect(differentBody.body.version).toBe(1);
    expect(invalidBody.status).toBe(200);
    expect(invalidBody.text).toBe(first.text);
    expect((await api.get(`${base}/Accounts`)).body.results.map((a: { code: string }) => a.code)).toEqual(['1']);
  });

  it('stores no error: the same key works once the request is fixed (rule 5)', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const key = randomUUID();
    await api.post(`${base}/Accounts`, account('dup'));

    const invalid = await api.post(`${base}/Accounts`, { ...account('x'), type: 'nonsense' }, withKey(key));
    const conflict = await api.post(`${base}/Accounts`, account('dup'), withKey(key));
    const fixed = await api.post(`${base}/Accounts`, account('ok'), withKey(key));

    expect(invalid.status).toBe(400);
    expect(conflict.status).toBe(409);
    expect(fixed.status).toBe(200);
    expect(fixed.body.code).toBe('ok');
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  it('scopes keys by company and by operation type (rule 7), and POST /Companies by user', async () => {
    const one = await companyOwner(gateway.url);
    const two = await companyOwner(gateway.url);
    const key = randomUUID();

    const a = await one.api.post(`${one.base}/Accounts`, account('1'), withKey(key));
    const b = await two.api.post(`${two.base}/Accounts`, account('1'), withKey(key));
    const c = await one.api.post(`${one.base}/CostCenters`, { code: 'CC', name: { arabic: 'م', english: 'c' } }, withKey(key));

    expect(a.body.id).not.toBe(b.body.id);
    expect(c.status).toBe(200);
    expect(c.body.status).toBe('active');

    const companyKey = randomUUID();
    const userA = await signedInUser(gateway.url);
    const userB = await signedInUser(gateway.url);
    const first = await userA.api.post('/api/v1/Companies', { name: 'A', baseCurrency: 'SAR' }, withKey(companyKey));
    const again = await userA.api.post('/api/v1/Companies', { name: 'A', baseCurrency: 'SAR' }, withKey(companyKey));
    const otherUser = await userB.api.post('/api/v1/Companies', { name: 'B', baseCurrency: 'SAR' }, withKey(companyKey));
    expect(again.body.id).toBe(first.body.id);
    expect(otherUser.body.id).not.toBe(first.body.id);
    expect((await userA.api.get('/api/v1/Companies')).body.results).toHaveLength(1);
  });

  it('refuses a key longer than 255 characters and accepts 255 Arabic characters', async () => {
    const { api, base } = await companyOwner(gateway.url);

    const long = await api.post(`${base}/Accounts`, account('1'), withKey('k'.repeat(256)));
    // On the wire a header carries the key's UTF-8 bytes (510 here): 255 characters, within the limit.
    const arabic = await api.post(`${base}/Accounts`, account('2'), withKey(Buffer.from('م'.repeat(255)).toString('latin1')));
    const arabicRetry = await api.post(`${base}/Accounts`, account('3'), withKey(Buffer.from('م'.repeat(255)).toString('latin1')));

    expect(long.status).toBe(400);
    expect(long.body.errors[0]).toMatchObject({ name: 'Idempotency-Key', code: 'ValidationError' });
    expect(arabic.status).toBe(200);
    expect(arabicRetry.text).toBe(arabic.text);
    expect((await api.get(`${base}/Accounts`)).body.results.map((a: { code: string }) => a.code)).toEqual(['2']);
  });

  it('lets exactly one of 20 parallel requests with one key create a record', async () => {
    const { api, base } = await companyOwner(gateway.url);
    const key = randomUUID();

    const responses = await Promise.all(Array.from({ length: 20 }, () => api.post(`${base}/Accounts`, account('P'), withKey(key))));

    const ok = responses.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(responses.every((r) => r.status === 200 || (r.status === 409 && r.body.errors[0].code === 'Conflict'))).toBe(true);
    expect(new Set(ok.map((r) => r.body.id)).size).toBe(1);
    expect((await api.get(`${base}/Accounts`)).body.results).toHaveLength(1);
  });
});
