import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handler } from '../../functions/ops/api-reference.ts';
import { openApiDocument } from '../../infra/openapi.ts';

const get = (rawPath: string) => handler({ rawPath } as APIGatewayProxyEventV2);

describe('the deployed reference function', () => {
  it('answers the links, the reference page and the OpenAPI document as the local gateway does', async () => {
    expect(JSON.parse((await get('/')).body!)).toEqual({ service: 'Ledger API', docs: '/docs', openapi: '/openapi.json', api: '/api/v1' });
    const page = await get('/docs');
    expect(page.headers?.['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('/docs/swagger-ui-bundle.js');
    expect(JSON.parse((await get('/openapi.json')).body!)).toEqual(openApiDocument());
    expect((await get('/docs/../../etc/passwd')).statusCode).toBe(404);
  });
});
