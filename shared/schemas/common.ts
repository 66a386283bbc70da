import { z } from 'zod';

/** Shared field schemas. Field names and limits here are part of the public contract (see OpenAPI). */

export const Uuid = z.uuid({ error: 'must be a UUID' });

/** The record version a versioned write was based on (opaque to clients, an unsigned integer). */
export const Version = z.number({ error: 'must be the unsigned integer version from the last read' }).int().min(0);

/** A hierarchy code: one segment of a path, so it cannot contain '.'. */
export const Code = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[^.\s]+$/u, { error: 'must not contain "." or whitespace' });

export const BilingualName = z.strictObject({
  arabic: z.string().trim().min(1).max(200),
  english: z.string().trim().min(1).max(200),
});

/** A UUID or a dot-joined code path that resolves to one in the same company. */
export const Reference = z.string().min(1).max(33 * 32);
