import type { PendingLogin, User } from '../auth/records.ts';

/**
 * What a sign-in (login.ts) needs of the place its state is kept: a begun sign-in kept for a
 * while and taken once, and the user an email names. One port per step; shared/db implements them.
 */
export interface SignInStarting {
  /** Keeps the begun sign-in for `lifetimeSeconds`. */
  keepPending(login: PendingLogin, lifetimeSeconds: number): Promise<void>;
}

export interface SignInCompleting {
  /** The begun sign-in with this state, taken so no one takes it again; undefined when unknown, expired or taken. */
  takePending(state: string): Promise<PendingLogin | undefined>;
  /** The user with this email, created on first sight. */
  userByEmail(email: string): Promise<User>;
}
