import { readFile } from 'node:fs/promises';
import type { JWK } from 'jose';
import * as z from './schemas/zod.ts';
import { lazy } from './schemas/lazy.ts';

/**
 * The service's own secret material: the keys that sign access tokens (current first, see
 * auth/key-set.ts) and the key that signs pagination cursors. In AWS it is one Secrets Manager
 * secret (SERVICE_SECRET_ARN), read through the AWS Parameters and Secrets Lambda Extension, a
 * layer the stack adds to every function: it caches the secret and keeps the Secrets Manager
 * client out of the bundles. Locally a file under .data/ written on first start (SECRETS_FILE).
 * The process reads it again after SECRETS_CACHE_SECONDS (300), so a rotation reaches warm
 * functions; a token naming a key not yet seen makes it read at once (auth/signing-keys.ts).
 */
/** An access-token signing key as the secret holds it: a private ES256 JWK with its `kid` (auth/key-set.ts rotates them). */
export type SigningKey = JWK & { kid: string; d: string };

export interface ServiceSecrets {
  signingKeys: SigningKey[];
  cursorKey: string;
}

/** The kid given to the key of a secret written before rotation existed. */
export const LEGACY_KID = 'legacy';

const PrivateKey = () => z.looseObject({ kty: z.literal('EC'), crv: z.literal('P-256'), x: z.string(), y: z.string(), d: z.string() });

const SecretsShape = /* @__PURE__ */ lazy(() =>
  z.object({
    signingKeys: z.optional(z.array(z.looseObject({ ...PrivateKey().shape, kid: z.string().check(z.minLength(1)) })).check(z.minLength(1))),
    /** The shape before key rotation: one key without a kid (read as the only key, kid `legacy`). */
    signingKey: z.optional(PrivateKey()),
    cursorKey: z.string().check(z.minLength(32)),
  }).check(z.refine((s) => s.signingKeys !== undefined || s.signingKey !== undefined, { error: 'The service secret has no signing key' })),
);

/**
 * The secret's text from the Parameters and Secrets Lambda Extension on loopback (port 2773
 * unless PARAMETERS_SECRETS_EXTENSION_HTTP_PORT says otherwise), authenticated by the
 * function's own session token, as the extension requires.
 */
async function fromSecretsExtension(arn: string): Promise<string | undefined> {
  const port = process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT ?? '2773';
  const response = await fetch(`http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(arn)}`, {
    headers: { 'X-Aws-Parameters-Secrets-Token': process.env.AWS_SESSION_TOKEN ?? '' },
  });
  if (!response.ok) throw new Error(`The secrets extension answered ${response.status} for the service secret`);
  return ((await response.json()) as { SecretString?: string }).SecretString;
}

let cached: { secrets: Promise<ServiceSecrets>; loadedAt: number } | undefined;

const cacheMs = () => Number(process.env.SECRETS_CACHE_SECONDS ?? 300) * 1000;

export function serviceSecrets(): Promise<ServiceSecrets> {
  if (!cached) return refresh();
  if (Date.now() - cached.loadedAt >= cacheMs()) return refresh(cached.secrets);
  return cached.secrets;
}

/** Reads the secret again now (a rotation happened: a token names a key not seen yet). */
export function reloadServiceSecrets(): Promise<ServiceSecrets> {
  return refresh(cached?.secrets);
}

/** A fresh read; if it fails, the secrets read before stand (a periodic refresh never breaks requests). */
function refresh(fallback?: Promise<ServiceSecrets>): Promise<ServiceSecrets> {
  const secrets = load().catch((error: unknown) => {
    if (fallback) return fallback;
    cached = undefined;
    throw error;
  });
  cached = { secrets, loadedAt: Date.now() };
  return secrets;
}

async function load(): Promise<ServiceSecrets> {
  const file = process.env.SECRETS_FILE;
  const arn = process.env.SERVICE_SECRET_ARN;
  let text: string | undefined;
  if (file) text = await readFile(file, 'utf8');
  else if (arn) text = await fromSecretsExtension(arn);
  if (!text) throw new Error('No service secrets: set SECRETS_FILE (local) or SERVICE_SECRET_ARN (AWS)');
  return parseServiceSecrets(text);
}

/** The secret's JSON text read, the shape before key rotation included. */
export function parseServiceSecrets(text: string): ServiceSecrets {
  const parsed = SecretsShape().parse(JSON.parse(text));
  const legacy = parsed.signingKey;
  // Tokens it signed carry no kid; the name only tells it apart once a rotation adds a key.
  const signingKeys = parsed.signingKeys ?? (legacy ? [{ ...legacy, kid: LEGACY_KID }] : []);
  return { signingKeys: signingKeys as SigningKey[], cursorKey: parsed.cursorKey };
}
