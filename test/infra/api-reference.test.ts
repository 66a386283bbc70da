import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handler } from '../../functions/ops/api-reference.ts';
import { openApiDocument } from '../../infra/openapi.ts';

const get = (rawPath: string, accept?: string) => handler({ rawPath, headers: accept ? { accept } : {} } as unknown as APIGatewayProxyEventV2);

describe('the deployed reference function', () => {
  it('answers the links, the reference page and the OpenAPI document as the local gateway does', async () => {
    expect(JSON.parse((await get('/')).body!)).toEqual({ service: 'Ledger API', docs: '/docs', openapi: '/openapi.json', api: '/api/v1' });
    const page = await get('/docs');
    expect(page.headers?.['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('/docs/swagger-ui-bundle.js');
    expect(JSON.parse((await get('/openapi.json')).body!)).toEqual(openApiDocument());
    expect((await get('/docs/../../etc/passwd')).statusCode).toBe(404);
  });

  it('answers a browser at / with a page of links, and the icon at /favicon.ico', async () => {
    const page = await get('/', 'text/html,application/xhtml+xml,*/*;q=0.8');
    const icon = await get('/favicon.ico');

    expect(page.headers?.['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<a href="/docs">API reference</a>');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers?.['content-type']).toBe('image/svg+xml');
  });
});
