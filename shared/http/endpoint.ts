import { randomUUID } from 'node:crypto';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { RequestUnitOfWork } from '../db/unit-of-work.ts';
import type { BodyOf, ParamsOf, QueryOf, Route } from '../routes/route.ts';
import { apiRequestOf, attachApiRequest, type ApiRequest } from './api-request.ts';
import { authentication } from './authentication.ts';
import { errorHandling } from './error-handling.ts';
import { idempotency } from './idempotency.ts';
import { inputParsing } from './input-parsing.ts';
import { requestLogger } from './logger.ts';
import { ok } from './respond.ts';

export type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** A route's handler, carrying its row so a test can check that each row's module exports it. */
export type RouteHandler<R extends Route = Route> = LambdaHandler & { readonly route: R };

/** What a use case receives: the request, typed by its row's schemas and path. */
export type RequestFor<R extends Route> = ApiRequest<BodyOf<R>, QueryOf<R>, ParamsOf<R>>;

/**
 * Builds the Lambda handler of one row of the route table and its use case.
 * Middleware order (before: top to bottom; onError: bottom to top):
 *   1. errorHandling   every failure -> the spec's error body
 *   2. authentication  principal, company access, the route's permission
 *   3. idempotency     claim / replay / release the Idempotency-Key
 *   4. inputParsing    path UUIDs, query and JSON body against the route's schemas
 * The use case's return value is the 200 body (empty when it returns null).
 */
export function endpoint<R extends Route>(route: R, run: (request: RequestFor<R>) => Promise<unknown>): RouteHandler<R> {
  const chain = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    .use(errorHandling())
    .use(authentication(route))
    .use(idempotency(route))
    .use(inputParsing(route))
    .handler(async (event) => {
      // inputParsing has checked body, query and parameters against this row's schemas.
      const api = apiRequestOf(event) as unknown as RequestFor<R>;
      return ok(await run(api), api.responseHeaders);
    });

  const handler = async (event: APIGatewayProxyEventV2, context: Context) => {
    const started = performance.now();
    const requestId = event.requestContext?.requestId ?? randomUUID();
    const log = requestLogger(requestId);
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
  return Object.assign(handler, { route });
}
