import type { ActorRef } from '../auth/actor.ts';
import { transactWrite, type WriteOp } from './transact.ts';

/**
 * How a use case commits: its writes and the response it will return, in one call. The
 * request may add items of its own to the same transaction; the idempotency middleware adds
 * the completed idempotency record, so the business write and the stored response commit
 * together or not at all.
 */
export interface UnitOfWork {
  /** `described`: the record the change's event records when the response shows less (a close answers an empty body). */
  commit<T>(ops: WriteOp[], response: T, described?: unknown): Promise<T>;
  /** Who the work is done for (a job records it, so whoever finishes the job names them). */
  readonly actor: ActorRef;
}

/** Items a request adds to its use case's transaction, given the response being committed (and what its event describes, when the use case says). */
export type CommitHook = (response: unknown, described?: unknown) => WriteOp[];

export class RequestUnitOfWork implements UnitOfWork {
  readonly hooks: CommitHook[] = [];
  committed = false;

  /** `actorOf` is asked when needed: a request's principal is known only after authentication. */
  constructor(private readonly actorOf: () => ActorRef = () => null) {}

  get actor(): ActorRef {
    return this.actorOf();
  }

  async commit<T>(ops: WriteOp[], response: T, described?: unknown): Promise<T> {
    await transactWrite([...ops, ...this.hooks.flatMap((hook) => hook(response, described))]);
    this.committed = true;
    return response;
  }
}
