import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * The service's zod: the tree-shakable `zod/mini` build with English messages. Every schema
 * module imports it as `import * as z from '.../schemas/zod.ts'`, so the functions' bundles
 * hold only the checks they use (docs/decisions.md, "Bundling").
 */
config(en());

export * from 'zod/mini';
