import { config } from 'zod/mini';
import { plainMessage } from './plain-messages.ts';

/**
 * The service's zod: the tree-shakable `zod/mini` build with its messages worded as the
 * service's own reasons where a schema gives none (plain-messages.ts words every issue zod
 * raises, so zod's English locale, 2.6 KB in every function, is not loaded). Every schema module
 * imports it as `import * as z from '.../schemas/zod.ts'`, so the functions' bundles hold only
 * the checks they use (docs/decisions.md, "Bundling").
 */
config({ customError: plainMessage });

export * from 'zod/mini';
