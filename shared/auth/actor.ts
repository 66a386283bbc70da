/** Who acted, as logs and events name them: the kind and the id, never the credential. */
export type ActorRef = { type: 'user' | 'apiKey'; id: string } | null;

/** What an actor is named from: a principal (principal.ts) by its kind and id, read without its credential. */
type Caller = { kind: 'user'; userId: string } | { kind: 'apiKey'; keyId: string };

export function actorRef(principal: Caller): NonNullable<ActorRef>;
export function actorRef(principal: Caller | undefined): ActorRef;
export function actorRef(principal: Caller | undefined): ActorRef {
  if (!principal) return null;
  return principal.kind === 'user' ? { type: 'user', id: principal.userId } : { type: 'apiKey', id: principal.keyId };
}
