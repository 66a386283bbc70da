import {
  DescribeSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
  UpdateSecretVersionStageCommand,
} from '@aws-sdk/client-secrets-manager';
import { rotatedSecretText } from '../../shared/auth/rotate-secret.ts';
import { parseServiceSecrets } from '../../shared/secrets.ts';

interface RotationEvent {
  SecretId: string;
  ClientRequestToken: string;
  Step: 'createSecret' | 'setSecret' | 'testSecret' | 'finishSecret';
}

const client = new SecretsManagerClient({});

/**
 * The service secret's rotation function (Secrets Manager's four-step protocol, run by the
 * secret's rotation schedule or `aws secretsmanager rotate-secret`): a new signing key becomes
 * current, the former one keeps verifying until the next rotation (shared/auth/key-set.ts).
 * Functions read the new version within SECRETS_CACHE_SECONDS. Rotating twice in a row
 * retires a leaked key at once.
 */
export async function handler(event: RotationEvent): Promise<void> {
  const { SecretId, ClientRequestToken: token } = event;
  if (event.Step === 'createSecret') {
    // Idempotent: a retried step finds its pending version already written.
    try {
      await client.send(new GetSecretValueCommand({ SecretId, VersionId: token, VersionStage: 'AWSPENDING' }));
      return;
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
    const current = await client.send(new GetSecretValueCommand({ SecretId, VersionStage: 'AWSCURRENT' }));
    const { text } = await rotatedSecretText(current.SecretString ?? '');
    await client.send(new PutSecretValueCommand({ SecretId, ClientRequestToken: token, SecretString: text, VersionStages: ['AWSPENDING'] }));
  } else if (event.Step === 'testSecret') {
    const pending = await client.send(new GetSecretValueCommand({ SecretId, VersionId: token, VersionStage: 'AWSPENDING' }));
    await parseServiceSecrets(pending.SecretString ?? '');
  } else if (event.Step === 'finishSecret') {
    const { VersionIdsToStages } = await client.send(new DescribeSecretCommand({ SecretId }));
    const currentVersion = Object.entries(VersionIdsToStages ?? {}).find(([, stages]) => stages.includes('AWSCURRENT'))?.[0];
    if (currentVersion === token) return;
    await client.send(new UpdateSecretVersionStageCommand({ SecretId, VersionStage: 'AWSCURRENT', MoveToVersionId: token, RemoveFromVersionId: currentVersion }));
  }
  // setSecret: nothing outside the secret holds the keys.
}
