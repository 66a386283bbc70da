import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { JournalPlace, PlaceRun } from '../../audit-data/store.ts';
import { config } from '../../config.ts';
import { db } from '../table/client.ts';
import { ledgerKeys } from '../table/keys.ts';
import { onlyAttributes, withRange } from '../table/prefix-query.ts';

/**
 * Where journals sit in one account's ledger, read from its entries' sort keys alone
 * (`LEDGER#<account>#<posting date>#<serial>#<journal>`, ledger-store.ts): for each partition
 * key the entries are spread over, the places of the first `limit` entries posted in the range
 * after position `after`, and whether more follow. Strongly consistent.
 */
export function journalPlaces(companyId: string, accountId: string, range: { from: string; to: string }, after: string | undefined, limit: number): Promise<PlaceRun[]> {
  return Promise.all(ledgerKeys.partitions(companyId).map((pk) => placesUnder(pk, accountId, range, after, limit)));
}

async function placesUnder(pk: string, accountId: string, range: { from: string; to: string }, after: string | undefined, limit: number): Promise<PlaceRun> {
  const bounds = ledgerKeys.ledgerRange(accountId, range.from, range.to);
  const prefix = ledgerKeys.ledgerPrefix(accountId);
  // The entry at `after` itself is read again and dropped: a range includes its bounds.
  const start = after !== undefined && `${prefix}${after}` > bounds.from ? `${prefix}${after}` : bounds.from;
  const places: JournalPlace[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await db().send(
      new QueryCommand({
        TableName: config.tableName,
        ...withRange(pk, { from: start, to: bounds.to }),
        ...onlyAttributes(['sk']),
        ExclusiveStartKey: startKey,
        ConsistentRead: true,
        Limit: limit + 1,
      }),
    );
    for (const item of result.Items ?? []) {
      const position = String(item.sk).slice(prefix.length);
      if (position !== after) places.push(placeAt(position));
    }
    startKey = result.LastEvaluatedKey;
  } while (startKey && places.length < limit);
  return { places: places.slice(0, limit), more: places.length > limit || startKey !== undefined };
}

/** A place from an entry's position: `<posting date>#<serial, 12 digits>#<journal id>`. */
function placeAt(position: string): JournalPlace {
  const [postingDate, serial, journalId] = position.split('#') as [string, string, string];
  return { position, journalId, postingDate, serialNumber: Number(serial) };
}
