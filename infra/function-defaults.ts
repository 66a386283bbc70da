import { Duration } from 'aws-cdk-lib';
import { Architecture, ParamsAndSecretsLayerVersion, ParamsAndSecretsVersions, Runtime, type FunctionProps } from 'aws-cdk-lib/aws-lambda';

/**
 * What every function of the stack shares. The bundling is infra/bundling/bundle-function.ts
 * (shared with `npm run bench`): ESM split into the handler and lazily loaded chunks, the AWS
 * SDK inside but its default credential chain replaced by environment credentials. Source
 * maps are not enabled at run time: figures and reasons in docs/decisions.md, "Bundling".
 */
export const FUNCTION_DEFAULTS = {
  runtime: Runtime.NODEJS_24_X,
  architecture: Architecture.ARM_64,
  memorySize: 1024,
  timeout: Duration.seconds(29),
  // Reads and caches the service secret for shared/secrets.ts, without an SDK client in the bundle.
  paramsAndSecrets: ParamsAndSecretsLayerVersion.fromVersion(ParamsAndSecretsVersions.V1_0_103, { cacheEnabled: true }),
} satisfies Partial<FunctionProps>;
