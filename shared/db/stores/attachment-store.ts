import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AttachmentRecord, JournalAttachment } from '../../attachments/records.ts';
import { config } from '../../config.ts';
import type { AppError } from '../../errors.ts';
import { NotFound, VersionConflict } from '../../errors.ts';
import { db } from '../table/client.ts';
import * as keys from '../table/keys.ts';
import { attachmentKeys, availableAttachmentPosition, availableAttachmentsPartition } from '../table/keys.ts';
import { onlyAttributes, withPrefix } from '../table/prefix-query.ts';
import { batchGetItems } from '../table/batch-get.ts';
import { conditions, getItem, mainTable, recordOf, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';

/**
 * Journals' attachments: one item each under its journal's partition key, and a count per journal
 * that caps them (keys.ts, attachmentKeys). Their files are objects of the documents bucket
 * (documents/document-bucket.ts).
 */
const FIELDS = ['companyId', 'journalId', 'id', 'fileName', 'contentType', 'size', 'sha256', 'objectKey', 'status', 'versionId', 'rejection', 'checkedAt', 'retainUntil', 'attachedTo', 'version', 'createdAt', 'createdBy'] as const;
const attachmentFromItem = (item: Item) => ({ ...recordOf<AttachmentRecord>(item, FIELDS), journalId: (item.journalId as string | null | undefined) ?? null });

/** Where the attachment's record is: beside its journal, or (uploaded without one) under its company. */
const keyOf = (companyId: string, journalId: string | null, attachmentId: string) => (journalId === null ? attachmentKeys.companyAttachment(companyId, attachmentId) : attachmentKeys.attachment(companyId, journalId, attachmentId));

/**
 * An attachment's item: while pending, in the sweep's index of pending attachments (gsi2); once
 * available on a journal, in its company's index of available ones (gsi1), which Verify reads. A
 * rejected or removed one is in neither, nor one uploaded without a journal until it is attached
 * (then its journal's copy is).
 */
const itemOf = (a: AttachmentRecord) => ({
  ...keyOf(a.companyId, a.journalId, a.id),
  entity: 'Attachment',
  ...a,
  ...(a.status === 'pending' ? attachmentKeys.pendingWatch(a.companyId, a.journalId, a.id, a.createdAt) : {}),
  ...(a.status === 'available' && a.journalId !== null ? { gsi1pk: availableAttachmentsPartition(a.companyId), gsi1sk: availableAttachmentPosition(a.journalId, a.id) } : {}),
});

/** The journal's status (strongly consistent, reading only it), or undefined when there is no such journal. */
export async function journalStatus(companyId: string, journalId: string): Promise<string | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: keys.journal(companyId, journalId), ConsistentRead: true, ...onlyAttributes(['status']) }));
  return Item ? String(Item.status) : undefined;
}

/** Every attachment of the journal (strongly consistent; at most the cap, one page). */
export async function journalAttachments(companyId: string, journalId: string): Promise<AttachmentRecord[]> {
  const { pk } = keys.journal(companyId, journalId);
  const { Items } = await db().send(new QueryCommand({ TableName: config.tableName, ...withPrefix(pk, attachmentKeys.journalAttachmentsPrefix(journalId)), ConsistentRead: true }));
  return (Items ?? []).map(attachmentFromItem);
}

export async function getAttachment(companyId: string, journalId: string | null, attachmentId: string): Promise<AttachmentRecord | undefined> {
  const item = await getItem(keyOf(companyId, journalId, attachmentId), { consistent: true });
  return item && attachmentFromItem(item);
}

/** A new attachment uploaded to the company without a journal. */
export const declareCompanyAttachmentOp = (record: AttachmentRecord): WriteOp => mainTable.put(itemOf(record), { condition: conditions.absent });

/**
 * A new attachment, counted: the journal's count goes up by one unless it is at `max` already
 * (`tooMany`), and the journal must still exist (`gone`) in another state than `refusedStatus`
 * (`refused`). One transaction, so two declarations at once cannot both take the last place.
 */
export function declareAttachmentOps(record: JournalAttachment, limits: { max: number; refusedStatus: string }, errors: { tooMany: () => AppError; gone: () => AppError; refused: () => AppError }): WriteOp[] {
  return [
    mainTable.put(itemOf(record), { condition: conditions.absent }),
    mainTable.update(
      attachmentKeys.counter(record.companyId, record.journalId),
      { expression: 'SET entity = :entity ADD #count :one', names: { '#count': 'count' }, values: { ':entity': 'AttachmentCount', ':one': 1 } },
      { condition: { expression: 'attribute_not_exists(#count) OR #count < :max', names: { '#count': 'count' }, values: { ':max': limits.max } }, onConditionFailed: errors.tooMany },
    ),
    mainTable.check(
      keys.journal(record.companyId, record.journalId),
      { expression: 'attribute_exists(pk) AND #status <> :refused', names: { '#status': 'status' }, values: { ':refused': limits.refusedStatus } },
      (old) => (old ? errors.refused() : errors.gone()),
      true,
    ),
  ];
}

/** The attachment after its check, at the version read; one checked meanwhile is 409. */
export function replaceAttachmentOp(before: AttachmentRecord, after: AttachmentRecord): WriteOp {
  return mainTable.put(itemOf(after), {
    condition: conditions.atVersion(before.version),
    returnOld: true,
    onConditionFailed: (old) => (old ? new VersionConflict() : new NotFound('The attachment')),
  });
}

/** The attachment removed at the version read, its journal checked at commit to be in one of `removableIn` (attachments/store.ts, AttachmentRemoving). */
export function removeAttachmentOps(before: JournalAttachment, after: JournalAttachment, limits: { removableIn: readonly string[] }, errors: { locked: (journalStatus: string) => AppError; gone: () => AppError }): WriteOp[] {
  const states = Object.fromEntries(limits.removableIn.map((status, i) => [`:removable${i}`, status]));
  return [
    replaceAttachmentOp(before, after),
    mainTable.check(
      keys.journal(before.companyId, before.journalId),
      { expression: `attribute_exists(pk) AND #status IN (${Object.keys(states).join(', ')})`, names: { '#status': 'status' }, values: states },
      (old) => (old ? errors.locked(String(old.status)) : errors.gone()),
      true,
    ),
  ];
}

/** Pending attachments still watched that were declared before `before`, oldest first (gsi2: eventually consistent, so a check writes at the version it read). */
export async function pendingAttachmentsBefore(before: Date, limit: number): Promise<AttachmentRecord[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: config.tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :before',
      ExpressionAttributeValues: { ':pk': attachmentKeys.pendingWatchPartition(), ':before': before.toISOString() },
      Limit: limit,
    }),
  );
  return (Items ?? []).map(attachmentFromItem);
}

/** Takes the attachment out of the sweep's index, if it is still at the version read; it stays pending. */
export async function stopWatchingAttachment(record: AttachmentRecord): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: keyOf(record.companyId, record.journalId, record.id),
        UpdateExpression: 'REMOVE gsi2pk, gsi2sk',
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': record.version },
      }),
    )
    .catch((error: unknown) => {
      // Checked or removed meanwhile: its write took it out already.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
}

/** The company's files uploaded without a journal, of these ids, that exist (strongly consistent). */
export async function companyAttachments(companyId: string, attachmentIds: readonly string[]): Promise<AttachmentRecord[]> {
  const items = await batchGetItems(attachmentIds.map((id) => attachmentKeys.companyAttachment(companyId, id)), { consistent: true });
  return items.map(attachmentFromItem);
}

/**
 * Files uploaded to the company put on a new journal (imports/store.ts, attachChanges), their
 * records there made by the caller: each one written under the journal (new: a copy there
 * already is the job's own, AlreadyWritten through `ifAttached`), the company's record marked
 * `attachedTo` the journal while it is on none and still available (else `ifAttached` with the
 * journal it went to), and the journal's count, which no declaration can have moved yet (the
 * journal is new).
 */
export function attachOps(companyId: string, attached: readonly JournalAttachment[], ifAttached: (journalId: string) => AppError): WriteOp[] {
  const journalId = attached[0]!.journalId;
  return [
    ...attached.flatMap((file) => [
      mainTable.put(itemOf(file), { condition: conditions.absent, onConditionFailed: () => ifAttached(journalId) }),
      mainTable.update(
        attachmentKeys.companyAttachment(companyId, file.id),
        { expression: 'SET attachedTo = :journal', values: { ':journal': journalId } },
        {
          condition: { expression: 'attribute_not_exists(attachedTo) AND #status = :available', names: { '#status': 'status' }, values: { ':available': 'available' } },
          returnOld: true,
          onConditionFailed: (old) => ifAttached(String(old?.attachedTo ?? journalId)),
        },
      ),
    ]),
    mainTable.put({ ...attachmentKeys.counter(companyId, journalId), entity: 'AttachmentCount', count: attached.length }, { condition: conditions.absent, onConditionFailed: () => ifAttached(journalId) }),
  ];
}