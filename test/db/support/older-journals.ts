import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { chainHash } from '../../../shared/audit/chain.ts';
import { AUDITED_KIND_OF, recordDigest } from '../../../shared/audit/record-state.ts';
import { config } from '../../../shared/config.ts';
import { eventHead, eventsBetween } from '../../../shared/db/events/event-store.ts';
import { sequenceEvents } from '../../../shared/db/events/sequencer.ts';
import * as keys from '../../../shared/db/table/keys.ts';
import { db } from '../../../shared/db/table/client.ts';
import { chainedView } from '../../../shared/events/event-view.ts';
import { numberPending } from '../../../shared/events/numbering-rules.ts';
import { AUTHOR_FIELDS } from '../../../shared/journals/authors-from-history.ts';

/**
 * Journals as the service wrote them before it kept who did what: their items without those
 * fields, and their events' data and record digests made without them, the chain hashed anew from
 * the first event so changed (and the counter's head with it). Their histories keep their
 * actors, as they did then; their states are left as they are (nothing reads them here).
 */
export async function asWrittenBeforeAuthors(companyId: string, journalIds: readonly string[]): Promise<void> {
  while ((await numberPending({ sequence: sequenceEvents }, companyId)) > 0);
  const ids = new Set(journalIds);
  const names = Object.fromEntries(AUTHOR_FIELDS.map((field, i) => [`#a${i}`, field]));
  for (const id of ids) {
    await db().send(new UpdateCommand({ TableName: config.tableName, Key: keys.journal(companyId, id), UpdateExpression: `REMOVE ${Object.keys(names).join(', ')}`, ExpressionAttributeNames: names, ConditionExpression: 'attribute_exists(pk)' }));
  }

  const head = await eventHead(companyId);
  const events = await eventsBetween(companyId, 1, head.next - 1);
  let previous: string | null = null;
  let rewriting = false;
  for (const event of events) {
    const ofJournal = AUDITED_KIND_OF[event.type] === 'journal' && ids.has(event.recordId) && event.data !== null;
    rewriting ||= ofJournal;
    if (!rewriting) {
      previous = event.hash;
      continue;
    }
    const data = ofJournal ? (Object.fromEntries(Object.entries(event.data!).filter(([field]) => !(AUTHOR_FIELDS as readonly string[]).includes(field))) as typeof event.data) : event.data;
    const older = { ...event, data, recordDigest: ofJournal ? recordDigest(event.type, data) : event.recordDigest, previousHash: previous ?? event.previousHash };
    const hash = chainHash(older.previousHash!, chainedView(older));
    const set = { ':previous': older.previousHash, ':hash': hash, ...(ofJournal ? { ':data': JSON.stringify(data), ':digest': older.recordDigest } : {}) };
    await db().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keys.event(companyId, event.sequence),
        UpdateExpression: `SET previousHash = :previous, #hash = :hash${ofJournal ? ', dataJson = :data, recordDigest = :digest REMOVE dataZ' : ''}`,
        ExpressionAttributeNames: { '#hash': 'hash' },
        ExpressionAttributeValues: set,
      }),
    );
    previous = hash;
  }
  await db().send(new UpdateCommand({ TableName: config.tableName, Key: keys.eventSequence(companyId), UpdateExpression: 'SET headHash = :hash', ExpressionAttributeValues: { ':hash': previous } }));
}
