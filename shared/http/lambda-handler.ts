import { randomUUID } from 'node:crypto';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { RequestUnitOfWork } from '../db/unit-of-work.ts';
import type { BodyOf, ParamsOf, QueryOf, Route } from '../routes/route.ts';
import { apiRequestOf, attachApiRequest, type ApiRequest } from './api-request.ts';
import { requestLogger } from './logger.ts';
import { ok } from './respond.ts';

export type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** A route's handler, carrying its row so a test can check that each row's module exports it. */
export type RouteHandler<R extends Route = Route> = LambdaHandler & { readonly route: R };

/** What a use case receives: the request, typed by its row's schemas and path. */
export type RequestFor<R extends Route> = ApiRequest<BodyOf<R>, QueryOf<R>, ParamsOf<R>>;

type Middleware = middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>;

/**
 * The Lambda handler of one row: the given middlewares (in order: before top to bottom,
 * onError bottom to top) around the use case, whose return value is the 200 body (empty when
 * it returns null), plus the request id header and one log line per request.
 */
export function lambdaHandler<R extends Route>(route: R, middlewares: Middleware[], run: (request: RequestFor<R>) => Promise<unknown>): RouteHandler<R> {
  const chain = middlewares
    .reduce((built, middleware) => built.use(middleware), middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>())
    .handler(async (event) => {
      // inputParsing has checked body, query and parameters against this row's schemas.
      const api = apiRequestOf(event) as unknown as RequestFor<R>;
      return ok(await run(api), api.responseHeaders);
    });

  const handler = async (event: APIGatewayProxyEventV2, context: Context) => {
    const started = performance.now();
    const requestId = event.requestContext?.requestId ?? randomUUID();
    const log = requestLogger(requestId);
    attachApiRequest(event, { requestId, route, log, params: {}, body: undefined, query: undefined, uow: new RequestUnitOfWork(), responseHeaders: {} });
    const response = await chain(event, context);
    response.headers = { ...response.headers, 'x-request-id': requestId };
    log.info('request', { route: route.name, status: response.statusCode, ms: Math.round(performance.now() - started) });
    return response;
  };
  return Object.assign(handler, { route });
}
