import { _isoDate, _isoDateTime } from 'zod/v4/core';
import { config, ZodMiniISODate, ZodMiniISODateTime, type iso } from 'zod/mini';
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

/**
 * `z.iso.date` and `z.iso.datetime` as functions of their own: `z.iso` is a namespace, which a
 * bundle keeps whole (every ISO format's schema and pattern: times and durations too).
 */
export const isoDate = (params?: Parameters<typeof iso.date>[0]) => _isoDate(ZodMiniISODate, params);
export const isoDatetime = (params?: Parameters<typeof iso.datetime>[0]) => _isoDateTime(ZodMiniISODateTime, params);
