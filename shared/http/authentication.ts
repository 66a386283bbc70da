import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { lastReadMemberPermissions } from '../auth/access-cache.ts';
import { authenticate, permissionsInCompany } from '../auth/principal.ts';
import { hasPermission, type Permission } from '../auth/permissions.ts';
import { companyAccess } from '../db/stores/access-ports.ts';
import { apiKeyReads } from '../db/stores/api-key-ports.ts';
import { Forbidden, NotFound, ValidationError } from '../errors.ts';
import type { Route } from '../routes/route.ts';
import { Uuid } from '../schemas/common.ts';
import { apiRequestOf } from './api-request.ts';
import { IDEMPOTENCY_HEADER } from './headers.ts';

/**
 * Who is calling and whether they may: authenticates the bearer credential, then, for
 * company routes, checks access to the path's company and the route's permission (and those it
 * also needs).
 * A caller without access to the company gets 404, the same as for a company that does
 * not exist, so company ids cannot be probed. Errors: Unauthorized (401), ValidationError
 * (400, a company id that is not a UUID), Forbidden (403), NotFound (404).
 * A keyed write whose member's kept grant has expired goes on with the grant last read, the
 * read confirming it left to the claim step to wait for (ApiRequest.accessConfirmed).
 */
export function authentication(route: Route): MiddlewareObj<APIGatewayProxyEventV2> {
  return {
    name: 'authentication',
    before: async (request) => {
      if (route.access === 'public') return;
      const api = apiRequestOf(request.event);
      const headers = request.event.headers ?? {};
      const principal = await authenticate(headers.authorization, request.event.requestContext.http.sourceIp, apiKeyReads);
      api.principal = principal;
      if (route.access === 'user') {
        if (principal.kind !== 'user') throw new Forbidden('This operation needs a signed-in user; API keys are bound to one company.');
        return;
      }
      // Checked before any read: an over-long or malformed id must never reach DynamoDB.
      const parsed = Uuid().safeParse(request.event.pathParameters?.companyId ?? '');
      if (!parsed.success) throw ValidationError.field('companyId', 'must be a UUID');
      const companyId = parsed.data;
      const needed = [route.access, ...(route.alsoNeeds ?? [])];
      // A member's only: an API key's permissions come with it.
      const guess = route.idempotentOperation && headers[IDEMPOTENCY_HEADER] !== undefined && principal.kind === 'user' ? lastReadMemberPermissions(companyId, principal.userId) : undefined;
      if (guess && needed.every((permission) => hasPermission(guess, permission))) {
        // A keyed write whose kept grant expired: its key is claimed beside the read that
        // confirms the grant (idempotency.ts waits for it before anything else is done).
        api.companyId = companyId;
        api.permissions = guess;
        api.accessConfirmed = permissionsInCompany(companyAccess, principal, companyId).then((permissions) => {
          api.permissions = granted(permissions, needed);
        });
        // Marked handled here; its refusal is answered by the claim step, which always waits for it.
        api.accessConfirmed.catch(() => undefined);
        return;
      }
      const permissions = granted(await permissionsInCompany(companyAccess, principal, companyId), needed);
      api.companyId = companyId;
      api.permissions = permissions;
    },
  };
}

/** The permissions read, when they give access to the company and every permission `needed`: else NotFound, or Forbidden naming the first one lacking. */
function granted(permissions: readonly string[] | null, needed: readonly Permission[]): readonly string[] {
  if (!permissions) throw new NotFound('The company');
  for (const permission of needed) {
    if (!hasPermission(permissions, permission)) throw new Forbidden(`This operation needs the permission ${permission}, which your role (or API key) lacks; a member who manages roles can grant it, while an API key's permissions are fixed at creation (use a key that has it).`);
  }
  return permissions;
}
