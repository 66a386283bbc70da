import type { Route } from '../routes/route.ts';
import { authentication } from './authentication.ts';
import { errorHandling } from './error-handling.ts';
import { idempotency } from './idempotency.ts';
import { inputParsing } from './input-parsing.ts';
import { outbox } from './outbox.ts';
import type { PathResolutionOf } from './path-references.ts';
import { lambdaHandler, type RequestFor, type RouteHandler } from './lambda-handler.ts';

export type { LambdaHandler, RequestFor, RouteHandler } from './lambda-handler.ts';

/**
 * The handler of a row that needs a caller (a user, or an API key in its company).
 * Middleware order (before: top to bottom; onError: bottom to top):
 *   1. errorHandling   every failure -> the spec's error body
 *   2. authentication  principal, company access, the route's permission
 *   3. idempotency     claim / replay / release the Idempotency-Key
 *   4. outbox          the row's event, in the use case's transaction
 *   5. inputParsing    path UUIDs, query and JSON body against the route's schemas
 *   6. pathReferences  a row's `pathReferences` given as paths, replaced by their UUIDs
 * A row with `pathReferences` takes their resolution after `run` (`byPath({ id: accountNodes })`,
 * path-references.ts); the type requires it, so no such row can reach its use case with a path
 * where it expects a UUID. A row that writes nothing takes readEndpoint(), one that records an
 * event without an Idempotency-Key writeEndpoint(): the same chain less the steps that would
 * do nothing for it, so its bundle holds only the steps it runs.
 */
export function endpoint<R extends Route>(route: R, run: (request: RequestFor<R>) => Promise<unknown>, ...resolution: ResolutionArgument<R>): RouteHandler<R> {
  const references = resolution[0] ? [resolution[0].middleware(route)] : [];
  return lambdaHandler(route, [errorHandling(), authentication(route), idempotency(route), outbox(route), inputParsing(route), ...references], run);
}

export type ResolutionArgument<R extends Route> = [PathResolutionOf<R>] extends [never] ? [] : [resolution: PathResolutionOf<R>];
