import { Forbidden } from '../errors.ts';
import type { ApiRequest } from './api-request.ts';

/** The signed-in user; user-only routes have already refused API keys in authentication. */
export function userOf(request: ApiRequest<unknown, unknown>): { userId: string; email: string } {
  if (request.principal?.kind !== 'user') throw new Forbidden('This operation needs a signed-in user.');
  return { userId: request.principal.userId, email: request.principal.email };
}

/** The acting user's id, or undefined when an API key acts. */
export function actingUserIdOf(request: ApiRequest<unknown, unknown>): string | undefined {
  return request.principal?.kind === 'user' ? request.principal.userId : undefined;
}
