import { signAccessToken } from '../../shared/auth/sign-access-token.ts';
import { findOrCreateUserByEmail } from '../../shared/db/stores/user-store.ts';

/**
 * The user with this email (created on first use) and an access token for them, signed with the
 * stack's key: a sign-in without the identity provider, for `npm run token` and the tests.
 */
export async function userToken(email: string, lifetimeSeconds?: number) {
  const user = await findOrCreateUserByEmail(email);
  return { user, token: await signAccessToken({ userId: user.id, email: user.email }, lifetimeSeconds) };
}
