import { randomUUID } from 'node:crypto';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { RequestUnitOfWork } from '../db/unit-of-work.ts';
import { routeByName } from '../routes.ts';
import { apiRequestOf, attachApiRequest, type ApiRequest } from './api-request.ts';
import { authentication } from './authentication.ts';
import { errorHandling } from './error-handling.ts';
import { idempotency } from './idempotency.ts';
import { inputParsing } from './input-parsing.ts';
import { requestLogger } from './logger.ts';
import { ok } from './respond.ts';

export type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * Builds the Lambda handler of one route from its row in the route table and its use case.
 * Middleware order (before: top to bottom; onError: bottom to top):
 *   1. errorHandling   every failure -> the spec's error body
 *   2. authentication  principal, company access, the route's permission
 *   3. idempotency     claim / replay / release the Idempotency-Key
 *   4. inputParsing    path UUIDs, query and JSON body against the route's schemas
 * The use case's return value is the 200 body (empty when it returns null).
 */
export function endpoint<Body = unknown, Query = unknown>(
  routeNames: string | string[],
  run: (request: ApiRequest<Body, Query>) => Promise<unknown>,
): LambdaHandler {
  // A handler may serve rows that differ only in method (the two forms of period Close).
  const chains = new Map(
    [routeNames].flat().map((name) => {
      const route = routeByName(name);
      const chain = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
        .use(errorHandling())
        .use(authentication(route))
        .use(idempotency(route))
        .use(inputParsing(route))
        .handler(async (event) => {
          const api = apiRequestOf(event) as ApiRequest<Body, Query>;
          return ok(await run(api), api.responseHeaders);
        });
      return [route.method as string, { route, chain }] as const;
    }),
  );
  const fallback = [...chains.values()][0]!;

  return async (event, context) => {
    const started = performance.now();
    const requestId = event.requestContext?.requestId ?? randomUUID();
    const log = requestLogger(requestId);
    const { route, chain } = chains.get(event.requestContext?.http?.method ?? '') ?? fallback;
    attachApiRequest(event, {
      requestId,
      route,
      log,
      params: {},
      body: undefined,
      query: undefined,
      uow: new RequestUnitOfWork(),
      responseHeaders: {},
    });
    const response = await chain(event, context);
    response.headers = { ...response.headers, 'x-request-id': requestId };
    log.info('request', { route: route.name, status: response.statusCode, ms: Math.round(performance.now() - started) });
    return response;
  };
}
