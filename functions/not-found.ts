import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { AppError } from '../shared/errors.ts';
import { REQUEST_ID_HEADER } from '../shared/http/headers.ts';
import { errorResponse } from '../shared/http/respond.ts';

/** The `$default` route: any method and path the route table does not list, in the spec's error shape. */
export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const requestId = event.requestContext?.requestId ?? randomUUID();
  const { method, path } = event.requestContext.http;
  const response = errorResponse(new AppError(404, [{ name: 'generalErrors', reason: `No endpoint ${method} ${path}; GET /openapi.json (or /docs in a browser) lists every one.`, code: 'RouteNotFound' }]), requestId);
  return { ...response, headers: { ...response.headers, [REQUEST_ID_HEADER]: requestId } };
}
