import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { newSigningKey } from '../../shared/auth/new-signing-key.ts';

/**
 * Writes the service secrets file (token signing key pair, cursor key) if it is not there
 * yet, so tokens minted before a restart stay valid after it. The file is the local stand-in
 * for the Secrets Manager secret the stack creates.
 */
export async function ensureLocalSecrets(file: string): Promise<void> {
  if (existsSync(file)) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ signingKeys: [await newSigningKey()], cursorKey: randomBytes(32).toString('base64url') }, null, 2), { mode: 0o600 });
}
