import type { ActorRef } from './auth/actor.ts';
import type { EventRecord } from './events/event-record.ts';

declare const opaque: unique symbol;

/**
 * One change to the books as a store describes it: an item written, or a check that what a use
 * case decided on still holds when it commits. A use case gathers the changes its stores give
 * it and commits them; it never looks inside one (shared/db implements them).
 */
export interface Change {
  readonly [opaque]?: never;
}

/** How a use case's commit records its event. */
export interface CommitOptions {
  /** The record the change's event records when the response shows less (a close answers an empty body). */
  described?: unknown;
}

/**
 * How a use case commits: its changes and the response it will return, in one call, all or
 * nothing. The request may add changes of its own (the completed idempotency record, the
 * event), so the business change and the stored response commit together or not at all.
 */
export interface UnitOfWork {
  commit<T>(changes: readonly Change[], response: T, options?: CommitOptions): Promise<T>;
  /** Who the work is done for (a job records it, so whoever finishes the job names them). */
  readonly actor: ActorRef;
}

/**
 * Makes the unit of work of recovery, finishing work whose request died: it commits with the
 * changes the event `eventOf` builds from what the commit describes (else its response), as that
 * request would have (journals/recovery-unit-of-work.ts). shared/db implements it.
 */
export type RecoveryUnits = (actor: ActorRef, eventOf: (recorded: unknown) => EventRecord) => UnitOfWork;
