import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { config } from '../config.ts';
import { Unauthorized } from '../errors.ts';
import { operationNamed, WAY_OUT_LOGIN } from '../schemas/api-paths.ts';
import { signAccessToken } from './sign-access-token.ts';
import { findRoles, roleRef } from '../roles/held-roles.ts';
import type { RefreshRecord, User } from './records.ts';
import type { TokenKeeping } from './store.ts';

/** The spec's token response. */
export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  refresh_expires_in: number;
  token_type: 'Bearer';
  companies: Array<{ companyId: string; roleId: string; permissions: readonly string[] }>;
}

const REFRESH_PREFIX = 'rt_';
const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const nowSeconds = () => Math.floor(Date.now() / 1000);

function newRefreshToken(userId: string, familyId: string): { token: string; record: RefreshRecord } {
  const token = REFRESH_PREFIX + randomBytes(32).toString('base64url');
  return { token, record: { hash: hash(token), userId, familyId, expiresAt: nowSeconds() + config.refreshTokenSeconds } };
}

async function response(sessions: TokenKeeping, user: User, refreshToken: string): Promise<TokenResponse> {
  const memberships = await sessions.memberships(user.id);
  const roles = await findRoles(sessions, memberships);
  return {
    access_token: await signAccessToken({ userId: user.id, email: user.email }),
    refresh_token: refreshToken,
    expires_in: config.accessTokenSeconds,
    refresh_expires_in: config.refreshTokenSeconds,
    token_type: 'Bearer',
    companies: memberships.map((m) => ({ companyId: m.companyId, roleId: m.roleId, permissions: roles.get(roleRef(m.companyId, m.roleId))?.permissions ?? [] })),
  };
}

/** Tokens for a user who just signed in: a new refresh token family. */
export async function issueTokens(sessions: TokenKeeping, user: User): Promise<TokenResponse> {
  const { token, record } = newRefreshToken(user.id, randomUUID());
  await sessions.keepRefresh(record);
  return response(sessions, user, token);
}

/** A refused refresh: only a new sign-in gives new tokens. */
const SIGN_IN_AGAIN = (what: string) => `${what}; sign in again (${operationNamed(WAY_OUT_LOGIN())}).`;

/**
 * Trades a refresh token for new tokens. Refresh tokens are opaque, stored only as hashes and
 * single use: presenting a spent one again revokes its whole family (it must have leaked).
 * Errors: Unauthorized for an unknown, expired, spent or revoked token.
 */
export async function refreshTokens(sessions: TokenKeeping, refreshToken: string): Promise<TokenResponse> {
  const record = refreshToken.startsWith(REFRESH_PREFIX) ? await sessions.refresh(hash(refreshToken)) : undefined;
  if (!record) throw new Unauthorized(SIGN_IN_AGAIN('The refresh token is not valid'));
  if (record.expiresAt <= nowSeconds()) throw new Unauthorized(SIGN_IN_AGAIN('The refresh token has expired'));
  const revokeAll = () => sessions.revokeFamily(record.familyId, nowSeconds() + config.refreshTokenSeconds);
  if (record.usedAt) {
    await revokeAll();
    throw new Unauthorized(SIGN_IN_AGAIN('The refresh token was already used; every session of its sign-in is revoked'));
  }
  if (await sessions.familyRevoked(record.familyId)) throw new Unauthorized(SIGN_IN_AGAIN('The refresh token was revoked'));
  const user = await sessions.user(record.userId);
  if (!user) throw new Unauthorized(SIGN_IN_AGAIN('The refresh token is not valid'));
  const next = newRefreshToken(user.id, record.familyId);
  try {
    await sessions.rotate(record, next.record);
  } catch (error) {
    if (error instanceof Unauthorized) await revokeAll();
    throw error;
  }
  return response(sessions, user, next.token);
}
