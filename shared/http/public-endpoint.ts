import type { Route } from '../routes/route.ts';
import { errorHandling } from './error-handling.ts';
import { inputParsing } from './input-parsing.ts';
import { lambdaHandler, type RequestFor, type RouteHandler } from './lambda-handler.ts';

/**
 * The handler of a public row (sign-in: no credentials, no Idempotency-Key): errorHandling
 * and inputParsing only, so these functions carry no token verification or idempotency code.
 */
export function publicEndpoint<R extends Route & { access: 'public' }>(route: R, run: (request: RequestFor<R>) => Promise<unknown>): RouteHandler<R> {
  return lambdaHandler(route, [errorHandling(), inputParsing(route)], run);
}
