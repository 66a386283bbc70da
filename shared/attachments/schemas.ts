import * as z from '../schemas/zod.ts';
import { lazy } from '../schemas/lazy.ts';

/**
 * A file declared before it is uploaded. `contentType` and `size` are checked against the rules
 * (rules.ts, declarationProblem) by the use case, which answers their own codes.
 */
export const DeclareAttachmentBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    /** The file's name as the person knows it (shown, never used as a key). */
    fileName: z.string().check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(255, { error: 'must be at most 255 characters' })),
    contentType: z.string().check(z.trim(), z.toLowerCase(), z.minLength(1, { error: 'is required' }), z.maxLength(100, { error: 'must be at most 100 characters' })),
    /** In bytes. */
    size: z.int({ error: 'must be the file size in bytes, a whole number' }).check(z.minimum(1, { error: 'must be at least 1: an empty file is no document' })),
    /** The SHA-256 of the file's bytes in hexadecimal (64 digits, as sha256sum prints it); kept in lower case. */
    sha256: z.string().check(z.regex(/^[0-9a-fA-F]{64}$/, { error: 'must be the SHA-256 of the file in hexadecimal: 64 digits 0-9, a-f' }), z.toLowerCase()),
  }),
);
export type DeclareAttachmentInput = z.output<ReturnType<typeof DeclareAttachmentBody>>;
