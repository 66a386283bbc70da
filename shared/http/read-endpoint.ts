import type { Route } from '../routes/route.ts';
import { authentication } from './authentication.ts';
import type { ResolutionArgument } from './endpoint.ts';
import { errorHandling } from './error-handling.ts';
import { inputParsing } from './input-parsing.ts';
import { lambdaHandler, type RouteHandler, type RequestFor } from './lambda-handler.ts';

/** A row that records no event and takes no Idempotency-Key: a read. */
type ReadRoute = Route & { event?: undefined; idempotentOperation?: undefined };

/**
 * endpoint() for a row that writes nothing: its idempotency and outbox steps would do nothing
 * (no operation to claim a key for, no event to record), so they are left out, and with them
 * the idempotency store and event hashing from the function's bundle. The other steps, and
 * their order, are endpoint()'s.
 */
export function readEndpoint<R extends ReadRoute>(route: R, run: (request: RequestFor<R>) => Promise<unknown>, ...resolution: ResolutionArgument<R>): RouteHandler<R> {
  const references = resolution[0] ? [resolution[0].middleware(route)] : [];
  return lambdaHandler(route, [errorHandling(), authentication(route), inputParsing(route), ...references], run);
}
