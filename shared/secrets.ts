import { readFile } from 'node:fs/promises';
import type { JWK } from 'jose';
import * as z from './schemas/zod.ts';
import { lazy } from './schemas/lazy.ts';

/**
 * The service's own secret material: the private key that signs access tokens and the key
 * that signs pagination cursors. In AWS it is one Secrets Manager secret (SERVICE_SECRET_ARN),
 * read through the AWS Parameters and Secrets Lambda Extension, a layer the stack adds to every
 * function: it caches the secret and keeps the Secrets Manager client out of the bundles.
 * Locally a file under .data/ written on first start (SECRETS_FILE).
 */
export interface ServiceSecrets {
  signingKey: JWK;
  cursorKey: string;
}

const SecretsShape = lazy(() =>
  z.object({
    signingKey: z.looseObject({ kty: z.literal('EC'), crv: z.literal('P-256'), d: z.string() }),
    cursorKey: z.string().check(z.minLength(32)),
  }),
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

let cached: Promise<ServiceSecrets> | undefined;

export function serviceSecrets(): Promise<ServiceSecrets> {
  cached ??= load().catch((error) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

async function load(): Promise<ServiceSecrets> {
  const file = process.env.SECRETS_FILE;
  const arn = process.env.SERVICE_SECRET_ARN;
  let text: string | undefined;
  if (file) text = await readFile(file, 'utf8');
  else if (arn) text = await fromSecretsExtension(arn);
  if (!text) throw new Error('No service secrets: set SECRETS_FILE (local) or SERVICE_SECRET_ARN (AWS)');
  return SecretsShape().parse(JSON.parse(text)) as ServiceSecrets;
}
