import { readFile } from 'node:fs/promises';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { JWK } from 'jose';
import * as z from './schemas/zod.ts';
import { lazy } from './schemas/lazy.ts';

/**
 * The service's own secret material: the private key that signs access tokens and the key
 * that signs pagination cursors. In AWS it is one Secrets Manager secret (SERVICE_SECRET_ARN);
 * locally a file under .data/ written on first start (SECRETS_FILE).
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
  else if (arn) text = (await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }))).SecretString;
  if (!text) throw new Error('No service secrets: set SECRETS_FILE (local) or SERVICE_SECRET_ARN (AWS)');
  return SecretsShape().parse(JSON.parse(text)) as ServiceSecrets;
}
