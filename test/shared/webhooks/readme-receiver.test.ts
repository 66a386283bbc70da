import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signatureHeader } from '../../../shared/webhooks/signature.ts';

/** README's receiver verification, run as written against the service's own signatures. */
const README = readFileSync(resolve(import.meta.dirname, '../../../README.md'), 'utf8');
const block = /<!-- receiver-verification:[^>]*-->\n```js\n([\s\S]*?)```/.exec(README)?.[1] ?? '';
type Verify = (secret: string, header: string, rawBody: string, toleranceSeconds?: number) => boolean;
const verify = new Function('createHmac', 'timingSafeEqual', 'Buffer', `${block.replace(/^import .*$/m, '')}\nreturn verifyLedgerSignature;`)(createHmac, timingSafeEqual, Buffer) as Verify;

describe("README's webhook receiver verification", () => {
  const secret = 'whsec_c2VjcmV0LXNpZ25pbmcta2V5LWZvci10ZXN0cw';
  const body = JSON.stringify({ type: 'JournalPosted', data: { amount: 1.5 } });
  const now = Math.floor(Date.now() / 1000);

  it('accepts what the service signs: the whole secret, prefix included, is the key', () => {
    expect(block).toContain('timingSafeEqual');
    expect(verify(secret, signatureHeader(secret, now, body), body)).toBe(true);
  });

  it('refuses another secret, the secret without its prefix, an altered body and a stale timestamp', () => {
    expect(verify('whsec_other', signatureHeader(secret, now, body), body)).toBe(false);
    expect(verify(secret, signatureHeader(secret.slice('whsec_'.length), now, body), body)).toBe(false);
    expect(verify(secret, signatureHeader(secret, now, body), body.replace('1.5', '15'))).toBe(false);
    expect(verify(secret, signatureHeader(secret, now - 301, body), body)).toBe(false);
    expect(verify(secret, 'v1=00', body)).toBe(false);
  });
});
