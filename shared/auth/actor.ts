import type { Principal } from './principal.ts';

/** Who acted, as logs and events name them: the kind and the id, never the credential. */
export type ActorRef = { type: 'user' | 'apiKey'; id: string } | null;

export function actorRef(principal: Principal): NonNullable<ActorRef>;
export function actorRef(principal: Principal | undefined): ActorRef;
export function actorRef(principal: Principal | undefined): ActorRef {
  if (!principal) return null;
  return principal.kind === 'user' ? { type: 'user', id: principal.userId } : { type: 'apiKey', id: principal.keyId };
}
