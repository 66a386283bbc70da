import * as z from '../schemas/zod.ts';
import { lazy } from '../schemas/lazy.ts';

export const RefreshBody = /* @__PURE__ */ lazy(() => z.strictObject({ refreshToken: z.string().check(z.minLength(1), z.maxLength(512)) }));

export const LoginQuery = /* @__PURE__ */ lazy(() => z.strictObject({ email: z.optional(z.email().check(z.maxLength(254))) }));

/** The redirect's query string, forwarded by the client: `code`, `state`, and `iss` when the provider sends it. */
const FORWARD_ALL = 'forward the whole query string of the redirect (code and state), not only code';
export const CallbackQuery = /* @__PURE__ */ lazy(() =>
  z.catchall(
    z.object({
      code: z.string({ error: `is required: ${FORWARD_ALL}` }).check(z.minLength(1), z.maxLength(2048)),
      state: z.string({ error: `is required: ${FORWARD_ALL}` }).check(z.minLength(1), z.maxLength(512)),
    }),
    z.string(),
  ),
);
