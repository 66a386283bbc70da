import { randomBytes } from 'node:crypto';
import { PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { newSigningKey } from '../../shared/auth/new-signing-key.ts';

/**
 * CloudFormation custom resource: on stack creation, fills the service secret with a fresh
 * ES256 signing key pair and a cursor key, so no key material ever sits in code, templates
 * or environment variables. Updates and deletes leave the secret as it is; the signing key
 * rotates through the secret's rotation schedule (functions/ops/rotate-signing-key.ts).
 */
export async function handler(event: { RequestType: 'Create' | 'Update' | 'Delete'; ResourceProperties: { SecretArn: string }; PhysicalResourceId?: string }) {
  const secretArn = event.ResourceProperties.SecretArn;
  if (event.RequestType === 'Create') {
    await new SecretsManagerClient({}).send(
      new PutSecretValueCommand({
        SecretId: secretArn,
        SecretString: JSON.stringify({ signingKeys: [await newSigningKey()], cursorKey: randomBytes(32).toString('base64url') }),
      }),
    );
  }
  return { PhysicalResourceId: event.PhysicalResourceId ?? `service-secrets-${secretArn}` };
}
