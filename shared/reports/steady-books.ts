import type { BooksKnownAt } from '../audit/known-at.ts';
import { AppError } from '../errors.ts';
import type { BooksMotion } from './store.ts';

/** How long a client waits before asking again: a 1,000-line job takes a few seconds. */
const RETRY_AFTER_SECONDS = 2;
/** Reads tried before answering 409: a job starting during one read is rare, during three rarer still. */
const ATTEMPTS = 3;

/** 409 `PostingInProgress` with Retry-After: a wide posting is changing the balances a report reads. */
export class BooksInMotion extends AppError {
  constructor() {
    super(
      409,
      [{ name: 'generalErrors', reason: 'A journal too wide for one transaction is being posted, voided or reversed in this company; its figures are not all applied yet. Retry after the pause given in Retry-After.', code: 'PostingInProgress' }],
      { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    );
  }
}

/**
 * Reading as known at a moment (known-at-moment.ts): the changes to take back from the books as
 * they stand, and whether a change to the books committed since they were read.
 */
export interface Moment {
  known(): Promise<BooksKnownAt | undefined>;
  changedSince(known: BooksKnownAt): Promise<boolean>;
}

/**
 * Runs a read of a company's balances so that it never shows a wide posting half applied
 * (docs/decisions.md, "Reports while a wide posting runs"):
 * - no job may be under way when it starts (BooksInMotion otherwise), and none may have started by
 *   the time it ends (read again otherwise), so no chunk was applied while it read;
 * - where the figures carry their own check (`consistent`: a trial balance's debits equal its
 *   credits, a balance sheet's assets its liabilities and equity), a read that fails it saw part of
 *   a transaction (DynamoDB's queries are read-committed per item) and is read again;
 * - as known at a moment (`moment`: known-at-moment.ts), the read gets the changes to take back,
 *   and is read again when a change to the books committed while it read (it may hold it).
 * Errors: BooksInMotion, those of the moment, and those of `read`.
 */
export async function whileBooksSteady<T>(
  books: BooksMotion,
  companyId: string,
  read: (known: BooksKnownAt | undefined) => Promise<T>,
  { consistent = () => true, moment }: { consistent?: (result: T) => boolean; moment?: Moment | undefined } = {},
): Promise<T> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    // The moment first: a knownAt the books cannot answer is a 400 whether or not a wide posting runs.
    const known = moment && (await moment.known());
    const before = await books.jobsState(companyId);
    if (before.underWay > 0) throw new BooksInMotion();
    const result = await read(known);
    const after = await books.jobsState(companyId);
    if (after.started === before.started && consistent(result) && !(moment && known && !known.empty && (await moment.changedSince(known)))) return result;
  }
  throw new BooksInMotion();
}
