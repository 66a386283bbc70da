import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Principal } from '../auth/principal.ts';
import type { FileJob } from '../exports/answer.ts';
import type { RequestUnitOfWork } from '../db/table/unit-of-work.ts';
import type { Route } from '../routes/route.ts';
import type { Logger } from '../logger.ts';

/** What the middleware learns about a request, handed to the endpoint's use case. */
export interface ApiRequest<Body = unknown, Query = unknown, Params = Record<string, string>> {
  requestId: string;
  route: Route;
  log: Logger;
  principal?: Principal;
  /** The path's company, once the principal is known to have access to it. */
  companyId?: string;
  /** Permissions the principal holds in `companyId`. */
  permissions?: readonly string[];
  /**
   * Set when `permissions` are a member's last read grant, not yet confirmed (authentication.ts):
   * settles once the read confirms them, or rejects with the refusal. The idempotency step waits
   * for it beside the key's claim, before anything else is done.
   */
  accessConfirmed?: Promise<void>;
  /** Path parameters, UUIDs in lower case (inputParsing). */
  params: Params;
  body: Body;
  query: Query;
  uow: RequestUnitOfWork;
  /** The Accept header, for the endpoints that answer in more than one format (shared/exports). */
  accept?: string;
  /** Extra response headers (for example `Idempotent-Replayed`). */
  responseHeaders: Record<string, string>;
  /** Set when an export job's worker runs an exportable route for its file (exports/answer.ts), never by a request. */
  fileJob?: FileJob;
}

const states = new WeakMap<APIGatewayProxyEventV2, ApiRequest>();

export function attachApiRequest(event: APIGatewayProxyEventV2, state: ApiRequest): void {
  states.set(event, state);
}

export function apiRequestOf(event: APIGatewayProxyEventV2): ApiRequest {
  const state = states.get(event);
  if (!state) throw new Error('Request context missing: the endpoint middleware did not run');
  return state;
}
