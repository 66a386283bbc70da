import { Forbidden } from '../errors.ts';
import type { ApiRequest } from './api-request.ts';

/** The signed-in user's id; user-only routes have already refused API keys in authentication. */
export function userIdOf(request: ApiRequest<unknown, unknown>): string {
  if (request.principal?.kind !== 'user') throw new Forbidden('This operation needs a signed-in user.');
  return request.principal.userId;
}

export function userOf(request: ApiRequest<unknown, unknown>): { userId: string; email: string } {
  if (request.principal?.kind !== 'user') throw new Forbidden('This operation needs a signed-in user.');
  return { userId: request.principal.userId, email: request.principal.email };
}
