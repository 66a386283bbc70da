import { describe, expect, it } from 'vitest';
import { client, companyOwner, useGateway } from '../../support/api.ts';

const gateway = useGateway();
const anonymous = client(gateway.url);

describe('error responses', () => {
  it('answers an unknown route with 404 in the spec error shape and a request id', async () => {
    const response = await anonymous.get('/api/v1/NoSuchThing');

    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ status: 404, errors: [{ name: 'generalErrors', code: 'RouteNotFound' }] });
    expect(response.body.requestId).toBe(response.headers.get('x-request-id'));
  });

  it('answers CORS preflights and marks every response readable cross-origin', async () => {
    const preflight = await fetch(`${gateway.url()}/api/v1/Companies`, { method: 'OPTIONS', headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' } });
    const error = await anonymous.get('/api/v1/Companies');

    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('idempotency-key');
    expect(error.headers.get('access-control-allow-origin')).toBe('*');
    expect(error.headers.get('access-control-expose-headers')).toContain('idempotent-replayed');
  });

  it('answers malformed JSON with 400 naming the body', async () => {
    const { api, base } = await companyOwner(gateway.url);

    const response = await api.request('POST', `${base}/Accounts`, { raw: '{"code": "1",' });

    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([expect.objectContaining({ name: 'body', code: 'InvalidJson' })]);
  });

  it('names every invalid field by its path', async () => {
    const { api, base } = await companyOwner(gateway.url);

    const response = await api.post(`${base}/Accounts`, { code: 'a.b', name: { arabic: '', english: 'Cash' }, type: 'leaf', extra: 1 });

    expect(response.status).toBe(400);
    const names = response.body.errors.map((e: { name: string }) => e.name).sort();
    expect(names).toEqual(['code', 'extra', 'name.arabic']);
    expect(response.body.errors.every((e: { code: string }) => e.code === 'ValidationError')).toBe(true);
  });

  it('refuses a body over 1 MB with 413 before parsing it', async () => {
    const { api, base } = await companyOwner(gateway.url);

    const response = await api.request('POST', `${base}/Accounts`, { raw: JSON.stringify({ code: '1', padding: 'x'.repeat(1024 * 1024) }) });

    expect(response.status).toBe(413);
    expect(response.body.errors[0]).toMatchObject({ name: 'body', code: 'PayloadTooLarge' });
  });

  it('refuses a path parameter that is not a UUID with 400 naming it (where the route takes no path of codes)', async () => {
    const { api, base } = await companyOwner(gateway.url);

    const response = await api.get(`${base}/Journals/not-a-uuid`);

    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ name: 'id', code: 'ValidationError' });
  });
});
