import * as keys from '../table/keys.ts';
import { firstOfEach, prefixRange } from '../table/prefix-query.ts';

/**
 * The first number the company's archived segments hold (archive-index-store.ts), or undefined
 * when it has none: Verify's one read of the archive at start. A module of its own so Verify's
 * bundle loads the rest of the archive's reads only for a company that has one.
 */
export async function archivedFrom(companyId: string): Promise<number | undefined> {
  const [first] = await firstOfEach([keys.archivePartition(companyId)], prefixRange(keys.archivedSegmentPrefix), { attributes: ['first'] });
  return first?.first as number | undefined;
}
