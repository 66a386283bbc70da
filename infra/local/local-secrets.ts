import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';

/**
 * Writes the service secrets file (token signing key pair, cursor key) if it is not there
 * yet, so tokens minted before a restart stay valid after it. The file is the local stand-in
 * for the Secrets Manager secret the stack creates.
 */
export async function ensureLocalSecrets(file: string): Promise<void> {
  if (existsSync(file)) return;
  mkdirSync(dirname(file), { recursive: true });
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig' };
  writeFileSync(file, JSON.stringify({ signingKey, cursorKey: randomBytes(32).toString('base64url') }, null, 2), { mode: 0o600 });
}
