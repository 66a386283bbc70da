import { randomBytes } from 'node:crypto';
import { PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { exportJWK, generateKeyPair } from 'jose';

/**
 * CloudFormation custom resource: on stack creation, fills the service secret with a fresh
 * ES256 signing key pair and a cursor key, so no key material ever sits in code, templates
 * or environment variables. Updates and deletes leave the secret as it is (rotating the key
 * would sign every user out).
 */
export async function handler(event: { RequestType: 'Create' | 'Update' | 'Delete'; ResourceProperties: { SecretArn: string }; PhysicalResourceId?: string }) {
  const secretArn = event.ResourceProperties.SecretArn;
  if (event.RequestType === 'Create') {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const signingKey = { ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig' };
    await new SecretsManagerClient({}).send(
      new PutSecretValueCommand({
        SecretId: secretArn,
        SecretString: JSON.stringify({ signingKey, cursorKey: randomBytes(32).toString('base64url') }),
      }),
    );
  }
  return { PhysicalResourceId: event.PhysicalResourceId ?? `service-secrets-${secretArn}` };
}
