import * as z from './zod.ts';
import { isUuidReference, MAX_DEPTH } from '../tree/rules.ts';
import { lazy } from './lazy.ts';

/** Shared field schemas. Field names and limits here are part of the public contract (see OpenAPI). */

/** A UUID in any case (RFC 9562: they are case-insensitive), handed on in lower case. */
export const Uuid = lazy(() => z.uuid({ error: 'must be a UUID' }).check(z.overwrite((id) => id.toLowerCase())));

/** The record version a versioned write was based on (opaque to clients, an unsigned integer). */
export const Version = lazy(() => z.int({ error: 'must be the unsigned integer version from the last read' }).check(z.minimum(0)));

export const MAX_CODE_LENGTH = 32;

/** Letters, marks, digits, punctuation and symbols: no controls, spaces or invisible formatting characters. */
const VISIBLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]+$/u;
/** '.' joins codes into paths; characters that look like it would make paths ambiguous to read. */
const DOT_LIKE = /[.\u00B7\u0387\u0701\u0702\u06D4\u2024\u2027\u2E31\u3002\u30FB\uFE52\uFF0E\uFF61]/u;

/** Why a (NFC-normalised) code is not acceptable, or undefined when it is. */
export function codeProblem(code: string): string | undefined {
  if (code.length < 1 || code.length > MAX_CODE_LENGTH) return `must be 1 to ${MAX_CODE_LENGTH} characters`;
  if (!VISIBLE.test(code)) return 'must contain visible characters only (no spaces, controls or invisible characters)';
  if (DOT_LIKE.test(code)) return 'must not contain "." or a character that looks like it';
  return undefined;
}

const nfc = (text: string) => text.normalize('NFC');

/** A hierarchy code: one segment of a path. Stored NFC-normalised, so equal-looking codes compare equal. */
export const Code = lazy(() =>
  z
    .string()
    .check(
      z.overwrite(nfc),
      z.superRefine((code, ctx) => {
        const problem = codeProblem(code);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    )
    .register(z.globalRegistry, {
      minLength: 1,
      maxLength: MAX_CODE_LENGTH,
      description: 'Visible characters only (no spaces, controls or invisible characters), no "." or look-alike; NFC-normalised.',
    } as never),
);

export const BilingualName = lazy(() =>
  z.strictObject({
    arabic: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    english: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  }),
);


/**
 * A UUID (any case, handed on in lower case) or a dot-joined code path from the root that
 * resolves to one in the same company; each code of the path follows the rules of `Code`.
 */
export const Reference = lazy(() =>
  z.string().check(
    z.minLength(1),
    z.maxLength(MAX_DEPTH * (MAX_CODE_LENGTH + 1)),
    z.overwrite((reference) => (isUuidReference(reference) ? reference.toLowerCase() : nfc(reference))),
    z.superRefine((reference, ctx) => {
      if (isUuidReference(reference)) return;
      const codes = reference.split('.');
      if (codes.length > MAX_DEPTH) {
        ctx.addIssue({ code: 'custom', message: `must be a UUID or a path of at most ${MAX_DEPTH} codes` });
        return;
      }
      const bad = codes.findIndex((code) => codeProblem(code) !== undefined);
      if (bad >= 0) {
        ctx.addIssue({ code: 'custom', message: `must be a UUID or a path of codes; code ${bad + 1} of the path ${codeProblem(codes[bad]!)}` });
      }
    }),
  ).register(z.globalRegistry, { description: 'A UUID (any case), or the dot-joined path of codes from the root (e.g. "1.11.1101").' } as never),
);
