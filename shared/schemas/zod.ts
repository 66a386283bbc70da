import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { plainMessage } from './plain-messages.ts';

/**
 * The service's zod: the tree-shakable `zod/mini` build with English messages, worded as the
 * service's own reasons where a schema gives none (plain-messages.ts). Every schema module
 * imports it as `import * as z from '.../schemas/zod.ts'`, so the functions' bundles hold only
 * the checks they use (docs/decisions.md, "Bundling").
 */
config({ ...en(), customError: plainMessage });

export * from 'zod/mini';
