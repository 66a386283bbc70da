import { RemovalPolicy } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Function as LambdaFunction, type FunctionProps } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { functionCode } from './bundling/function-code.ts';
import { FUNCTION_DEFAULTS } from './function-defaults.ts';

/** A function of the service, as serviceFunction makes it. */
export type ServiceFunction = LambdaFunction;

/** How long function and access logs are kept. */
export const LOG_RETENTION = RetentionDays.THREE_MONTHS;

export interface ServiceFunctionProps extends Omit<FunctionProps, 'code' | 'handler' | 'runtime' | 'logGroup' | 'role'> {
  /** The handler module (it exports `handler`), bundled by infra/bundling/function-code.ts. */
  entry: string;
  /** Files the handler reads beside its bundle: name in the asset -> path on this machine. */
  copies?: Record<string, string>;
}

/**
 * A function of the service with its own log group (kept LOG_RETENTION) and its own role,
 * allowed to write that log group and nothing else until its caller grants more: not the
 * AWS-managed basic execution policy, which may write any log group.
 */
export function serviceFunction(scope: Construct, id: string, { entry, copies, ...props }: ServiceFunctionProps): LambdaFunction {
  const logGroup = new LogGroup(scope, `${id}-Logs`, { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
  const role = new Role(scope, `${id}-Role`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
  logGroup.grantWrite(role);
  return new LambdaFunction(scope, id, { ...FUNCTION_DEFAULTS, ...props, handler: 'index.handler', code: functionCode(entry, copies), logGroup, role });
}
