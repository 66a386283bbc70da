import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { handler } from '../../functions/ops/api-reference.ts';
import { openApiDocument, openApiText } from '../../infra/openapi.ts';

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

  it('builds the OpenAPI document once per process and answers the same text after', async () => {
    // Arrange: the first answer builds it.
    const first = (await get('/openapi.json')).body;
    const stringify = vi.spyOn(JSON, 'stringify');

    // Act
    const second = (await get('/openapi.json')).body;
    const built = stringify.mock.calls.length;
    stringify.mockRestore();

    // Assert: the same text, and no document turned into text again.
    expect(second).toBe(first);
    expect(second).toBe(openApiText());
    expect(built).toBe(0);
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
