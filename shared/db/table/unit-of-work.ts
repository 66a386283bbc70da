import type { ActorRef } from '../../auth/actor.ts';
import type { EventRecord } from '../../events/event-record.ts';
import type { Change, CommitOptions, RecoveryUnits, UnitOfWork } from '../../unit-of-work.ts';
import { pendingEventOp } from '../events/outbox-store.ts';
import { transactWrite, writesOf, type WriteOp } from './transact.ts';

/** What a request's own items are told of the commit: how its event is recorded, and whether it may go under a spread key. */
interface HookOptions extends CommitOptions {
  /** A change of the commit read its year under a use pin (events/pending-width-store.ts). */
  spreadsEvent: boolean;
}

/** Items a request adds to its use case's transaction, given the response being committed and how its event is recorded. */
export type CommitHook = (response: unknown, options: HookOptions) => WriteOp[];

/**
 * The use case's unit of work within a request (shared/unit-of-work.ts): its changes and the
 * request's own items (the completed idempotency record, the event) in one transaction.
 */
export class RequestUnitOfWork implements UnitOfWork {
  readonly hooks: CommitHook[] = [];
  committed = false;

  /** `actorOf` is asked when needed: a request's principal is known only after authentication. */
  constructor(private readonly actorOf: () => ActorRef = () => null) {}

  get actor(): ActorRef {
    return this.actorOf();
  }

  /** The request records the event `eventOf` builds from the committed response, as a pending event in the same transaction (the outbox). */
  recordsEvent(eventOf: (response: unknown, options: CommitOptions) => EventRecord): void {
    this.hooks.push((response, options) => [pendingEventOp(eventOf(response, options), options.spreadsEvent)]);
  }

  async commit<T>(changes: readonly Change[], response: T, options: CommitOptions = {}): Promise<T> {
    const ops = writesOf(changes);
    const hooked = { ...options, spreadsEvent: ops.some((op) => op.spreadsEvent === true) };
    await transactWrite([...ops, ...this.hooks.flatMap((hook) => hook(response, hooked))]);
    this.committed = true;
    return response;
  }
}

/** The changes, their commit's event allowed under a spread outbox key when `spread` (the write read its year under a use pin). */
export function withEventSpread(changes: readonly Change[], spread: boolean): Change[] {
  if (!spread || changes.length === 0) return [...changes];
  const [first, ...rest] = writesOf(changes);
  return [{ ...first!, spreadsEvent: true }, ...rest];
}

/** Recovery's unit of work (unit-of-work.ts RecoveryUnits): the event of the request that died, in the commit's transaction. */
export const recoveryUnits: RecoveryUnits = (actor, eventOf) => {
  const uow = new RequestUnitOfWork(() => actor);
  uow.hooks.push((response, { described }) => [pendingEventOp(eventOf(described ?? response))]);
  return uow;
};
