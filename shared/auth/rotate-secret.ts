import { parseServiceSecrets } from '../secrets.ts';
import { rotated, withoutPrevious } from './key-set.ts';
import { newSigningKey } from './new-signing-key.ts';

/**
 * The service secret's text after a signing key rotation: a new current key, the former one
 * kept to verify the tokens it signed (or dropped at once with `retirePrevious`, for a leaked
 * key). The cursor key is kept. Shared by `npm run rotate-signing-key` and the rotation function.
 */
export async function rotatedSecretText(current: string, options: { retirePrevious?: boolean } = {}): Promise<{ text: string; kids: string[] }> {
  const secrets = await parseServiceSecrets(current);
  const next = rotated(secrets.signingKeys, await newSigningKey());
  const signingKeys = options.retirePrevious ? withoutPrevious(next) : next;
  return { text: JSON.stringify({ signingKeys, cursorKey: secrets.cursorKey }, null, 2), kids: signingKeys.map((k) => k.kid) };
}
