import { Forbidden } from '../errors.ts';
import { missingPermissions, type Permission } from '../auth/permissions.ts';

/**
 * Refuses, before anything is written, a caller who may not make the journals reconciliation
 * makes for them (a statement line's, a difference's): `journals:create`, and `journals:post`
 * when one is posted. `what` says what would make them. Errors: Forbidden.
 */
export function checkMayMakeJournals(permissions: readonly string[], posts: boolean, what: string): void {
  const needed: Permission[] = posts ? ['journals:create', 'journals:post'] : ['journals:create'];
  const missing = missingPermissions(permissions, needed);
  if (missing.length > 0) throw new Forbidden(`${what} ${posts ? 'posts' : 'makes'} a journal, which needs the permission ${missing.join(' and ')}; your role (or API key) lacks it.`);
}
