import { Duration } from 'aws-cdk-lib';
import { Architecture, ParamsAndSecretsLayerVersion, ParamsAndSecretsVersions, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, OutputFormat, type NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import { BUNDLE_ALIASES, ESBUILD_OPTIONS, ESM_REQUIRE_BANNER } from './bundling/options.ts';

/**
 * What every function of the stack shares. The bundling is infra/bundling/options.ts (shared
 * with `npm run bench`): ESM, the AWS SDK inside but its default credential chain replaced by
 * environment credentials. Source maps are not enabled at run time: figures and reasons in
 * docs/decisions.md, "Bundling".
 */
export const FUNCTION_DEFAULTS: Partial<NodejsFunctionProps> = {
  runtime: Runtime.NODEJS_24_X,
  architecture: Architecture.ARM_64,
  memorySize: 1024,
  timeout: Duration.seconds(29),
  bundling: {
    format: OutputFormat.ESM,
    mainFields: [...ESBUILD_OPTIONS.mainFields],
    target: ESBUILD_OPTIONS.target,
    bundleAwsSDK: true,
    minify: ESBUILD_OPTIONS.minify,
    // Maps are shipped for reading stack traces offline, not enabled at run time (it slows cold starts).
    sourceMap: true,
    banner: ESM_REQUIRE_BANNER,
    // esbuild says nothing but warnings and errors: its per-bundle sizes are `npm run bench`'s job.
    logLevel: LogLevel.WARNING,
    esbuildArgs: Object.fromEntries(Object.entries(BUNDLE_ALIASES).map(([name, path]) => [`--alias:${name}`, path])),
  },
  // Reads and caches the service secret for shared/secrets.ts, without an SDK client in the bundle.
  paramsAndSecrets: ParamsAndSecretsLayerVersion.fromVersion(ParamsAndSecretsVersions.V1_0_103, { cacheEnabled: true }),
};
