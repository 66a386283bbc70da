import { resolve } from 'node:path';

/**
 * How every function is bundled, for the CDK stack and for `npm run bench` alike, so the
 * benchmark measures what is deployed: ESM, minified, `module` entry points (tree-shakable
 * SDK), the SDK bundled whole (the version the tests ran against) except its default
 * credential chain, replaced by environment credentials (environment-credentials.ts), and the
 * endpoint cache's LRU library, replaced by a small Map-based one (lru-cache.ts), the SDK's
 * event-stream support, which DynamoDB never uses (no-event-streams.ts), and its checksum
 * module, of which DynamoDB takes only node:crypto's SHA-256 (node-sha256.ts).
 */
export const BUNDLE_ALIASES = {
  '@aws-sdk/credential-provider-node': resolve(import.meta.dirname, 'environment-credentials.ts'),
  // The endpoint-discovery cache's LRU: a Map-based stand-in (lru-cache.ts), 7 KB less per function.
  'mnemonist/lru-cache': resolve(import.meta.dirname, 'lru-cache.ts'),
  // Event-stream serialisation, which no DynamoDB operation uses: 10 KB less per function.
  '@smithy/core/event-streams': resolve(import.meta.dirname, 'no-event-streams.ts'),
  // The checksum module, of which the client takes only SHA-256: node:crypto's, without the pure-JS fallback (3 KB).
  '@smithy/core/checksum': resolve(import.meta.dirname, 'node-sha256.ts'),
};

/**
 * The stand-ins above that hold only what DynamoDB's client takes of their module. A function
 * that reaches the documents bucket (its row's `documents`) bundles the modules themselves: S3's
 * client takes CRC32, MD5 and stream hashing of the checksum module, and sets up event streams.
 */
export const DYNAMODB_ONLY_ALIASES: readonly string[] = ['@smithy/core/event-streams', '@smithy/core/checksum'];

/** The aliases of a function's bundle: all of them, less the DynamoDB-only stand-ins where it reaches object storage. */
export const bundleAliases = (objectStorage: boolean): Record<string, string> =>
  Object.fromEntries(Object.entries(BUNDLE_ALIASES).filter(([module]) => !objectStorage || !DYNAMODB_ONLY_ALIASES.includes(module)));

export const ESM_REQUIRE_BANNER = "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

/**
 * esbuild's own options for one bundle (bundle-function.ts adds a function's layout). Text
 * stays UTF-8 (`charset`), not \uXXXX escapes: a third of the size of the Arabic export labels
 * and the look-alike table, and Node reads modules as UTF-8.
 */
export const ESBUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  minify: true,
  charset: 'utf8',
  mainFields: ['module', 'main'],
  alias: BUNDLE_ALIASES,
  banner: { js: ESM_REQUIRE_BANNER },
  // A deployed function never talks to DynamoDB Local: the emulator's signer is left out
  // (shared/db/table/client.ts), and every request is signed.
  define: { 'process.env.DYNAMODB_UNSIGNED': 'undefined' },
} as const;
