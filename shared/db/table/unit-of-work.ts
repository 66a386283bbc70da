import type { ActorRef } from '../../auth/actor.ts';
import { transactWrite, type WriteOp } from './transact.ts';

/** How a use case's commit records its event. */
export interface CommitOptions {
  /** The record the change's event records when the response shows less (a close answers an empty body). */
  described?: unknown;
  /** The event may go under a spread outbox key: the write read its year under a use pin (events/pending-width.ts). */
  spreadEvent?: boolean;
}

/**
 * How a use case commits: its writes and the response it will return, in one call. The
 * request may add items of its own to the same transaction; the idempotency middleware adds
 * the completed idempotency record, so the business write and the stored response commit
 * together or not at all.
 */
export interface UnitOfWork {
  commit<T>(ops: WriteOp[], response: T, options?: CommitOptions): Promise<T>;
  /** Who the work is done for (a job records it, so whoever finishes the job names them). */
  readonly actor: ActorRef;
}

/** Items a request adds to its use case's transaction, given the response being committed and how its event is recorded. */
export type CommitHook = (response: unknown, options: CommitOptions) => WriteOp[];

export class RequestUnitOfWork implements UnitOfWork {
  readonly hooks: CommitHook[] = [];
  committed = false;

  /** `actorOf` is asked when needed: a request's principal is known only after authentication. */
  constructor(private readonly actorOf: () => ActorRef = () => null) {}

  get actor(): ActorRef {
    return this.actorOf();
  }

  async commit<T>(ops: WriteOp[], response: T, options: CommitOptions = {}): Promise<T> {
    await transactWrite([...ops, ...this.hooks.flatMap((hook) => hook(response, options))]);
    this.committed = true;
    return response;
  }
}
