import { missingPermissions } from '../auth/permissions.ts';
import { AppError } from '../errors.ts';

/** Who is acting: the user (undefined for an API key) and the permissions held in the company. */
export interface Actor {
  userId: string | undefined;
  permissions: readonly string[];
}

/**
 * Forbidden (403) naming `field` when the role holds permissions the actor lacks: nobody
 * grants, creates, changes or takes away a role beyond their own permissions.
 */
export function checkActorHolds(actor: Actor, role: { name: string; permissions: readonly string[] }, field: string, what: string): void {
  const missing = missingPermissions(actor.permissions, role.permissions);
  if (missing.length > 0) {
    throw new AppError(403, [{ name: field, reason: `${what} the role ${role.name}, which holds permissions you lack: ${missing.join(', ')}.`, code: 'Forbidden' }]);
  }
}
