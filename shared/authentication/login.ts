import { authorizationRequest, exchangeCode } from '../auth/oidc.ts';
import { issueTokens, type TokenResponse } from '../auth/tokens.ts';
import { ValidationError } from '../errors.ts';
import type { TokenKeeping } from '../auth/store.ts';
import type { SignInCompleting, SignInStarting } from './store.ts';

/** How long a started sign-in may take before its state expires. */
export const LOGIN_SECONDS = 600;

/**
 * Starts a sign-in: returns the provider URL to send the browser to. The PKCE verifier and the
 * state are kept server-side for ten minutes; the client never handles PKCE.
 * Errors: IdentityProviderUnavailable (503) when the provider cannot be reached.
 */
export async function startLogin(signIns: SignInStarting, email?: string): Promise<{ redirectTo: string }> {
  const request = await authorizationRequest(email);
  await signIns.keepPending({ state: request.state, codeVerifier: request.codeVerifier }, LOGIN_SECONDS);
  return { redirectTo: request.url };
}

/**
 * Completes a sign-in from the redirect's query string (the client forwards it: `code`,
 * `state`, and `iss` when present). The state is single use. Errors: ValidationError
 * (InvalidState naming `state`: unknown, expired or reused; InvalidGrant naming `code`: refused
 * by the provider), IdentityProviderUnavailable.
 */
export async function completeLogin(signIns: SignInCompleting, sessions: TokenKeeping, query: Record<string, string | undefined>): Promise<TokenResponse> {
  const state = query.state!;
  const pending = await signIns.takePending(state);
  if (!pending) throw ValidationError.field('state', 'is unknown, expired or already used; start the sign-in again', 'InvalidState');
  const redirectQuery = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined));
  const { email } = await exchangeCode(redirectQuery, pending.codeVerifier, state);
  return issueTokens(sessions, await signIns.userByEmail(email));
}
