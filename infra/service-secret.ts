import { resolve } from 'node:path';
import { type CfnElement, CustomResource, Duration, Stack, Validations } from 'aws-cdk-lib';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { LOG_RETENTION, serviceFunction, type ServiceFunction } from './service-function.ts';

const ROOT = resolve(import.meta.dirname, '..');

/** How often the access-token signing key rotates (the previous key verifies until the next rotation). */
export const SIGNING_KEY_ROTATION = Duration.days(30);

/**
 * The service secret (access-token signing keys, cursor key): filled with fresh keys by a
 * custom resource at creation, so no key material sits in code, templates or environment
 * variables, and rotated by its rotation function every SIGNING_KEY_ROTATION (or on demand
 * with `aws secretsmanager rotate-secret`; README, "Operations").
 */
export class ServiceSecret extends Construct {
  readonly secret: Secret;
  /** Done once the secret holds its first keys: every function depends on it. */
  readonly ready: CustomResource;
  /** Its functions, by name, for their alarms. */
  readonly functions: Record<string, ServiceFunction>;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secret = new Secret(this, 'Value', { description: 'Access-token signing keys and cursor key of the ledger service (filled at creation, rotated)' });

    const initializer = serviceFunction(this, 'Initialize', { entry: resolve(ROOT, 'functions/ops/initialize-secrets.ts'), paramsAndSecrets: undefined });
    this.secret.grantWrite(initializer);
    const provider = new Provider(this, 'InitializeProvider', { onEventHandler: initializer, logGroup: new LogGroup(this, 'InitializeProviderLogs', { retention: LOG_RETENTION }) });
    Validations.of(provider).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: "The custom resource framework's own function (CDK's Provider) comes with the basic execution role; it only relays the creation event to the initializer.",
    });
    Validations.of(provider).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${this.logicalId(initializer)}.Arn>:*]`,
      reason: "CDK's Provider may invoke any version of the initializer function, which is all the wildcard covers.",
    });
    this.ready = new CustomResource(this, 'Initialized', { serviceToken: provider.serviceToken, properties: { SecretArn: this.secret.secretArn } });

    const rotation = serviceFunction(this, 'RotateSigningKey', { entry: resolve(ROOT, 'functions/ops/rotate-signing-key.ts'), paramsAndSecrets: undefined });
    const schedule = this.secret.addRotationSchedule('Rotation', { rotationLambda: rotation, automaticallyAfter: SIGNING_KEY_ROTATION, rotateImmediatelyOnUpdate: false });
    schedule.node.addDependency(this.ready);
    Validations.of(rotation.role!).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'Secrets Manager grants its rotation functions secretsmanager:GetRandomPassword, an action without resource-level permissions; every other action is on this secret only.',
    });
    this.functions = { initializeSecrets: initializer, rotateSigningKey: rotation };
  }

  private logicalId(fn: ServiceFunction): string {
    return Stack.of(this).getLogicalId(fn.node.defaultChild as CfnElement);
  }
}
