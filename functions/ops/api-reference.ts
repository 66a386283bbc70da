import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { DOCS_PAGE, docsAsset, ROOT_LINKS } from '../../infra/docs-page.ts';
import { openApiDocument } from '../../infra/openapi.ts';

/** Swagger UI's files, copied next to this bundle at synth time (infra/stack.ts). */
const HERE = dirname(fileURLToPath(import.meta.url));
const json = (body: unknown): APIGatewayProxyStructuredResultV2 => ({ statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * The deployed API's reference: `GET /` (links), `/docs` (Swagger UI), `/docs/{asset}` and
 * `/openapi.json`, as the local gateway serves them. Outside the route table: no credentials.
 */
export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const path = event.rawPath;
  if (path === '/') return json(ROOT_LINKS);
  if (path === '/openapi.json') return json(openApiDocument());
  if (path === '/docs') return { statusCode: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: DOCS_PAGE };
  const asset = path.startsWith('/docs/') ? docsAsset(HERE, path.slice('/docs/'.length)) : undefined;
  if (asset) return { statusCode: 200, headers: { 'content-type': asset.contentType, 'cache-control': 'max-age=3600' }, body: asset.body.toString('base64'), isBase64Encoded: true };
  return { statusCode: 404, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 404, errors: [{ name: 'generalErrors', reason: `No page ${path}.`, code: 'RouteNotFound' }] }) };
}
