import { Forbidden } from '../errors.ts';
import type { Principal } from '../auth/principal.ts';
import type { Actor } from '../roles/grants.ts';
import type { ApiRequest } from './api-request.ts';

/** The signed-in user; user-only routes have already refused API keys in authentication. */
export function userOf(request: ApiRequest<unknown, unknown>): { userId: string; email: string } {
  if (request.principal?.kind !== 'user') throw new Forbidden('This operation needs a signed-in user.');
  return { userId: request.principal.userId, email: request.principal.email };
}

/** Who acts inside the path's company: the user (none for an API key) and the permissions held there. */
export function actorOf(request: ApiRequest<unknown, unknown>): Actor {
  return { userId: request.principal?.kind === 'user' ? request.principal.userId : undefined, permissions: request.permissions ?? [] };
}

/** The authenticated principal (user or API key) of a company route. */
export function principalOf(request: ApiRequest<unknown, unknown>): Principal {
  if (!request.principal) throw new Forbidden('This operation needs a caller.');
  return request.principal;
}
