import { randomUUID } from 'node:crypto';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { actorRef } from '../auth/actor.ts';
import { countingDatabaseCalls } from '../db/table/call-count.ts';
import { RequestUnitOfWork } from '../db/table/unit-of-work.ts';
import { successStatus, type BodyOf, type ParamsOf, type QueryOf, type Route } from '../routes/route.ts';
import { apiRequestOf, attachApiRequest, type ApiRequest } from './api-request.ts';
import { REPLAYED_HEADER, REQUEST_ID_HEADER } from './headers.ts';
import { requestLogger } from '../logger.ts';
import { businessMetrics, emfFields } from '../metrics.ts';
import { ok } from './respond.ts';

export type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * A route's handler, carrying its row so a test can check that each row's module exports it, and
 * its use case (`run`), which an export job's worker calls with a request it built itself: the
 * route's file written by the route's own code (functions/ops/run-exports.ts).
 */
export type RouteHandler<R extends Route = Route> = LambdaHandler & {
  readonly route: R;
  // A method (bivariant in its parameter), so a route's handler is also a RouteHandler of any route.
  run(request: RequestFor<R>): Promise<unknown>;
};

/** What a use case receives: the request, typed by its row's schemas and path. */
export type RequestFor<R extends Route> = ApiRequest<BodyOf<R>, QueryOf<R>, ParamsOf<R>>;

/** The path's company id when it is shaped like one (before access to it is known: 401, 403, 404). */
function companyInPath(event: APIGatewayProxyEventV2): string | null {
  const id = event.pathParameters?.companyId;
  return id && /^[0-9a-f-]{36}$/i.test(id) ? id : null;
}

type Middleware = middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>;

/**
 * The Lambda handler of one row: the given middlewares (in order: before top to bottom,
 * onError bottom to top) around the use case, whose return value is the 200 body (empty when
 * it returns null), plus the request id header and one log line per request: route, company,
 * principal (kind and id, never a credential), status, latency, DynamoDB calls and how many ran in sequence, and the
 * request's business metrics in embedded metric format.
 */
export function lambdaHandler<R extends Route>(route: R, middlewares: Middleware[], run: (request: RequestFor<R>) => Promise<unknown>): RouteHandler<R> {
  const chain = middlewares
    .reduce((built, middleware) => built.use(middleware), middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>())
    .handler(async (event) => {
      // inputParsing has checked body, query and parameters against this row's schemas.
      const api = apiRequestOf(event) as unknown as RequestFor<R>;
      return ok(await run(api), api.responseHeaders, successStatus(route));
    });

  const handler = async (event: APIGatewayProxyEventV2, context: Context) => {
    const started = performance.now();
    const requestId = event.requestContext?.requestId ?? randomUUID();
    const log = requestLogger(requestId);
    const api: ApiRequest = { requestId, route, log, params: {}, body: undefined, query: undefined, uow: new RequestUnitOfWork(() => actorRef(api.principal)), responseHeaders: {}, accept: event.headers?.accept };
    attachApiRequest(event, api);
    const { result: response, calls, depth } = await countingDatabaseCalls(() => chain(event, context));
    response.headers = { ...response.headers, [REQUEST_ID_HEADER]: requestId };
    const status = response.statusCode ?? 200;
    const replayed = response.headers[REPLAYED_HEADER] === 'true';
    log.info('request', {
      route: route.name,
      companyId: api.companyId ?? companyInPath(event),
      principal: actorRef(api.principal),
      status,
      ms: Math.round(performance.now() - started),
      dynamoCalls: calls,
      dynamoDepth: depth,
      ...emfFields(businessMetrics(route.name, status, replayed)),
    });
    return response;
  };
  return Object.assign(handler, { route, run });
}
