import * as z from './zod.ts';
import { isUuidReference, MAX_DEPTH } from './hierarchy.ts';
import { lazy } from './lazy.ts';
import { CODE_TEXT, invisibleCharacterProblem, lengthProblem, NAME_TEXT } from '../text/text-rules.ts';

/** Shared field schemas. Field names and limits here are part of the public contract (see OpenAPI). */

/** A UUID in any case (RFC 9562: they are case-insensitive), handed on in lower case. */
export const Uuid = /* @__PURE__ */ lazy(() => z.uuid({ error: 'must be a UUID' }).check(z.overwrite((id) => id.toLowerCase())));

/** The record version a versioned write was based on (opaque to clients, an unsigned integer). */
export const Version = /* @__PURE__ */ lazy(() => z.int({ error: 'must be the unsigned integer version from the last read' }).check(z.minimum(0)));

export const MAX_CODE_LENGTH = 32;

/** '.' joins codes into paths; characters that look like it would make paths ambiguous to read. */
const DOT_LIKE = /[.\u00B7\u0387\u0701\u0702\u06D4\u2024\u2027\u2E31\u3002\u30FB\uFE52\uFF0E\uFF61]/u;

/** Why a (NFC-normalised) code is not acceptable, or undefined when it is (text-rules.ts says which characters show). */
export function codeProblem(code: string): string | undefined {
  return (
    lengthProblem(code, MAX_CODE_LENGTH) ??
    invisibleCharacterProblem(code, CODE_TEXT) ??
    (DOT_LIKE.test(code) ? 'must not contain "." or a character that looks like it' : undefined)
  );
}

const nfc = (text: string) => text.normalize('NFC');

/** A hierarchy code: one segment of a path. Stored NFC-normalised, so equal-looking codes compare equal. */
export const Code = /* @__PURE__ */ lazy(() =>
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
      description:
        'Visible characters only: no spaces, controls, invisible or blank-looking characters, no combining mark without a letter or digit before it, no "." or look-alike; NFC-normalised. Unique among siblings also when compared by look (NFKC, case, confusable letters).',
    } as never),
);

/**
 * Text people read (names): trimmed, 1 to `max` characters, each of them visible; plain spaces
 * allowed, ZWNJ/ZWJ only between letters (text-rules.ts).
 */
export const ReadableText = (max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1),
      z.maxLength(max),
      z.superRefine((text, ctx) => {
        if (text.length < 1 || text.length > max) return; // said by the checks above
        const problem = lengthProblem(text, max) ?? invisibleCharacterProblem(text, NAME_TEXT);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    );

export const BilingualName = /* @__PURE__ */ lazy(() =>
  z.strictObject({ arabic: ReadableText(200), english: ReadableText(200) }).register(z.globalRegistry, { description: 'The name, in Arabic and English.' } as never),
);


/** Why a (NFC-normalised) path of codes cannot name anything, or undefined when it can. */
function pathProblem(path: string): string | undefined {
  const codes = path.split('.');
  if (codes.length > MAX_DEPTH) return `a path of at most ${MAX_DEPTH} codes`;
  const bad = codes.findIndex((code) => codeProblem(code) !== undefined);
  return bad >= 0 ? `a path of codes; code ${bad + 1} of the path ${codeProblem(codes[bad]!)}` : undefined;
}

const MAX_PATH_LENGTH = MAX_DEPTH * (MAX_CODE_LENGTH + 1);

/**
 * A UUID (any case, handed on in lower case) or a dot-joined code path from the root that
 * resolves to one in the same company; each code of the path follows the rules of `Code`.
 */
export const Reference = /* @__PURE__ */ lazy(() =>
  z.string().check(
    z.minLength(1),
    z.maxLength(MAX_PATH_LENGTH),
    z.overwrite((reference) => (isUuidReference(reference) ? reference.toLowerCase() : nfc(reference))),
    z.superRefine((reference, ctx) => {
      if (isUuidReference(reference)) return;
      const problem = pathProblem(reference);
      if (problem) ctx.addIssue({ code: 'custom', message: `must be a UUID or ${problem}` });
    }),
  ).register(z.globalRegistry, { description: 'A UUID (any case), or the dot-joined path of codes from the root (e.g. "1.11.1101").' } as never),
);

/** A dot-joined code path from the root (never a UUID: a code is too short to look like one), NFC-normalised. */
export const CodePath = /* @__PURE__ */ lazy(() =>
  z.string().check(
    z.minLength(1),
    z.maxLength(MAX_PATH_LENGTH),
    z.overwrite(nfc),
    z.superRefine((path, ctx) => {
      const problem = pathProblem(path);
      if (problem) ctx.addIssue({ code: 'custom', message: `must be ${problem}` });
    }),
  ).register(z.globalRegistry, { description: 'The dot-joined path of codes from the root (e.g. "1.11.1101"), matched exactly.' } as never),
);
