import * as z from 'zod';
import { lazy } from '../schemas/lazy.ts';

export const RefreshBody = lazy(() => z.strictObject({ refreshToken: z.string().min(1).max(512) }));
export type RefreshInput = z.output<ReturnType<typeof RefreshBody>>;

export const LoginQuery = lazy(() => z.strictObject({ email: z.email().max(254).optional() }));
export type LoginInput = z.output<ReturnType<typeof LoginQuery>>;

/** The redirect's query string, forwarded by the client: `code`, `state`, and `iss` when the provider sends it. */
const FORWARD_ALL = 'forward the whole query string of the redirect (code and state), not only code';
export const CallbackQuery = lazy(() =>
  z
    .object({
      code: z.string({ error: `is missing: ${FORWARD_ALL}` }).min(1).max(2048),
      state: z.string({ error: `is missing: ${FORWARD_ALL}` }).min(1).max(512),
    })
    .catchall(z.string()),
);
export type CallbackInput = z.output<ReturnType<typeof CallbackQuery>>;
