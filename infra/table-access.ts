import type { Route } from '../shared/routes.ts';

export type Access = 'none' | 'read' | 'readWrite';

/**
 * What a route's function may do to each table (least privilege, asserted in the CDK test):
 * - main table: read only when every method is GET, except sign-in (its callback records the user);
 * - TTL table: only where idempotency keys are claimed or sign-in state is kept.
 */
export function tableAccess(route: Route): { main: Access; ttl: Access } {
  const signIn = route.name.startsWith('authentication.');
  const readOnly = route.methods.every((m) => m === 'GET') && !signIn;
  return {
    main: readOnly ? 'read' : 'readWrite',
    ttl: signIn || route.idempotentOperation ? 'readWrite' : 'none',
  };
}
