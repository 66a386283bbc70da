import { RemovalPolicy } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { NodejsFunction, type NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { FUNCTION_DEFAULTS } from './function-defaults.ts';

/** How long function and access logs are kept. */
export const LOG_RETENTION = RetentionDays.THREE_MONTHS;

/**
 * A function of the service with its own log group (kept LOG_RETENTION) and its own role,
 * allowed to write that log group and nothing else until its caller grants more: not the
 * AWS-managed basic execution policy, which may write any log group.
 */
export function serviceFunction(scope: Construct, id: string, props: NodejsFunctionProps): NodejsFunction {
  const logGroup = new LogGroup(scope, `${id}-Logs`, { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
  const role = new Role(scope, `${id}-Role`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
  logGroup.grantWrite(role);
  return new NodejsFunction(scope, id, { ...FUNCTION_DEFAULTS, ...props, logGroup, role });
}
