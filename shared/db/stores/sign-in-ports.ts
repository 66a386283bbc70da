import type { SignInCompleting, SignInStarting } from '../../authentication/store.ts';
import { putPendingLogin, takePendingLogin } from './session-store.ts';
import { findOrCreateUserByEmail } from './user-store.ts';

/** The sign-in's ports (authentication/store.ts): the begun sign-in an item with a TTL, taken by a conditional delete. */
export const signInStarting: SignInStarting = { keepPending: putPendingLogin };

export const signInCompleting: SignInCompleting = { takePending: takePendingLogin, userByEmail: findOrCreateUserByEmail };
