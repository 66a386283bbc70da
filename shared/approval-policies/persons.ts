import type { ActorRef } from '../auth/actor.ts';
import type { KeyMakers } from './store.ts';

/**
 * The people behind actors, as the approval rules count them: a user is themself, an API key is
 * the user who made it (a key the company no longer knows stands for itself). Each actor is
 * looked up once per use.
 */
export function personsOf(keys: KeyMakers, companyId: string): (actor: NonNullable<ActorRef>) => Promise<string> {
  const found = new Map<string, Promise<string>>();
  return (actor) => {
    const key = `${actor.type}:${actor.id}`;
    if (!found.has(key)) found.set(key, actor.type === 'user' ? Promise.resolve(actor.id) : keys.apiKeyCreator(companyId, actor.id).then((maker) => maker ?? key));
    return found.get(key)!;
  };
}
