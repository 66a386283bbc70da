import { createHmac, timingSafeEqual } from 'node:crypto';
import { ValidationError } from '../../errors.ts';
import type { PageBinding } from '../../schemas/list-query.ts';
import { serviceSecrets } from '../../secrets.ts';

/**
 * Pagination cursors: the last key of a page, signed with HMAC-SHA256 and bound to the
 * company, the endpoint, the sort and the filters. A cursor that was altered, or that belongs
 * to another company, list or sort, is a 400; it can never read another company's items.
 */
export type CursorBinding = PageBinding;

type LastKey = Record<string, unknown>;

export async function encodeCursor(binding: CursorBinding, lastKey: LastKey): Promise<string> {
  const payload = Buffer.from(JSON.stringify({ b: binding, k: lastKey })).toString('base64url');
  return `${payload}.${await sign(payload)}`;
}

export async function decodeCursor(binding: CursorBinding, cursor: string): Promise<LastKey> {
  const invalid = ValidationError.field('page', 'is not a valid cursor for this list; start again without it', 'InvalidCursor');
  const [payload, signature, ...rest] = cursor.split('.');
  if (!payload || !signature || rest.length > 0) throw invalid;
  const expected = Buffer.from(await sign(payload), 'base64url');
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid;
  const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { b: CursorBinding; k: LastKey };
  if (JSON.stringify(decoded.b) !== JSON.stringify(binding)) throw invalid;
  return decoded.k;
}

async function sign(payload: string): Promise<string> {
  const { cursorKey } = await serviceSecrets();
  return createHmac('sha256', cursorKey).update(payload).digest('base64url');
}
