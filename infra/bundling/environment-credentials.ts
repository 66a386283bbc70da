import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * Stands in for `@aws-sdk/credential-provider-node` inside the function bundles (an esbuild
 * alias, see infra/bundling/options.ts). A Lambda function's credentials are always in its
 * environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), which is the
 * first place the default chain looks; the rest of the chain (SSO, INI files, IMDS, process,
 * web identity) never applies there and was a third of every bundle. The local stack sets
 * environment credentials for DynamoDB Local the same way.
 */
export const defaultProvider: typeof fromEnv = (init) => fromEnv(init);
