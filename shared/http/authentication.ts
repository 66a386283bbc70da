import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { authenticate, permissionsInCompany } from '../auth/principal.ts';
import { hasPermission } from '../auth/permissions.ts';
import { companyAccess } from '../db/stores/access-ports.ts';
import { apiKeyReads } from '../db/stores/api-key-ports.ts';
import { Forbidden, NotFound, ValidationError } from '../errors.ts';
import type { Route } from '../routes/route.ts';
import { Uuid } from '../schemas/common.ts';
import { apiRequestOf } from './api-request.ts';

/**
 * Who is calling and whether they may: authenticates the bearer credential, then, for
 * company routes, checks access to the path's company and the route's permission (and those it
 * also needs).
 * A caller without access to the company gets 404, the same as for a company that does
 * not exist, so company ids cannot be probed. Errors: Unauthorized (401), ValidationError
 * (400, a company id that is not a UUID), Forbidden (403), NotFound (404).
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
      const permissions = await permissionsInCompany(companyAccess, principal, companyId);
      if (!permissions) throw new NotFound('The company');
      // The route's permission, then any it also needs: the first lacking one is named.
      for (const needed of [route.access, ...(route.alsoNeeds ?? [])]) {
        if (!hasPermission(permissions, needed)) throw new Forbidden(`This operation needs the permission ${needed}, which your role (or API key) lacks; a member who manages roles can grant it, while an API key's permissions are fixed at creation (use a key that has it).`);
      }
      api.companyId = companyId;
      api.permissions = permissions;
    },
  };
}
