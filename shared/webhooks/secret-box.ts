import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { serviceSecrets } from '../secrets.ts';

/**
 * Webhook signing secrets: shown once at creation, kept sealed (AES-256-GCM under a key derived
 * from the service secret), so a copy of the table alone signs nothing.
 */
export const SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64url');
}

/** Derived once per read of the service secret, not per delivery. */
const derived = new WeakMap<object, Buffer>();

async function sealingKey(): Promise<Buffer> {
  const secrets = await serviceSecrets();
  let key = derived.get(secrets);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secrets.cursorKey, 'ledger-webhooks', 'webhook signing secrets', 32));
    derived.set(secrets, key);
  }
  return key;
}

export async function seal(secret: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await sealingKey(), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, sealed, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
}

export async function unseal(box: string): Promise<string> {
  const [iv, sealed, tag] = box.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', await sealingKey(), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
}
