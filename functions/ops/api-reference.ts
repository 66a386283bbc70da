import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { referenceAnswer } from '../../infra/docs-page.ts';
import { openApiText } from '../../infra/openapi.ts';

/** Swagger UI's files, copied next to this bundle at synth time (infra/stack.ts). */
const HERE = dirname(fileURLToPath(import.meta.url));

/**
 * The deployed API's reference: `GET /` (links: a page for a browser), `/favicon.ico`, `/docs`
 * (Swagger UI), `/docs/{asset}` and `/openapi.json`, as the local gateway serves them
 * (infra/docs-page.ts). Outside the route table: no credentials.
 */
export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const path = event.rawPath;
  const answer = referenceAnswer(path, event.headers?.accept, HERE, openApiText);
  if (answer) return answer;
  return { statusCode: 404, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 404, errors: [{ name: 'generalErrors', reason: `No page ${path}.`, code: 'RouteNotFound' }] }) };
}
