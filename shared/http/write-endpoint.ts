import type { Route } from '../routes/route.ts';
import { authentication } from './authentication.ts';
import type { ResolutionArgument } from './endpoint.ts';
import { errorHandling } from './error-handling.ts';
import { inputParsing } from './input-parsing.ts';
import { outbox } from './outbox.ts';
import { lambdaHandler, type RouteHandler, type RequestFor } from './lambda-handler.ts';

/** A row that records an event but takes no Idempotency-Key (a versioned change: a repeat is refused by its version). */
type UnkeyedWriteRoute = Route & { event: string; idempotentOperation?: undefined };

/**
 * endpoint() for a write that takes no Idempotency-Key: its idempotency step would do nothing
 * (no operation to claim a key for), so it is left out, and with it the idempotency store from
 * the function's bundle. The other steps, and their order, are endpoint()'s.
 */
export function writeEndpoint<R extends UnkeyedWriteRoute>(route: R, run: (request: RequestFor<R>) => Promise<unknown>, ...resolution: ResolutionArgument<R>): RouteHandler<R> {
  const references = resolution[0] ? [resolution[0].middleware(route)] : [];
  return lambdaHandler(route, [errorHandling(), authentication(route), outbox(route), inputParsing(route), ...references], run);
}
