import { createHash, randomBytes } from 'node:crypto';

/** API keys: `sk-svc_` then 32 random bytes in base64url. Only the SHA-256 of a key is stored. */
export const API_KEY_PREFIX = 'sk-svc_';

export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

export function newApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
