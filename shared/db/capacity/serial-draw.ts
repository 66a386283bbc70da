import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.ts';
import { blockEndingAt, blockUsable, nextBlockSize, type SerialBlock } from './serial-blocks.ts';
import { db } from '../table/client.ts';
import * as keys from '../table/keys.ts';

/**
 * Serial numbers drawn in blocks per warm function instance (shared/journals/serial-blocks.ts):
 * one atomic increment of the company's counter by the block's size, which never conflicts and
 * never hands out a number twice. Draws waiting while a block is drawn share that draw.
 */
interface CompanyBlocks {
  block?: SerialBlock;
  /** The counter was read and exists (before any block was drawn). */
  counterSeen?: boolean;
  drawing?: Promise<void>;
  waiting: number;
}

/** Companies whose blocks an instance keeps; past it the longest kept is dropped (its numbers become gaps). */
const MAX_COMPANIES = 1_000;
const blocks = new Map<string, CompanyBlocks>();

/** Adds `count` to the company's counter; the counter's new value (the last number drawn). */
export async function advanceCounter(companyId: string, count: number): Promise<number> {
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: keys.journalCounter(companyId),
      UpdateExpression: 'ADD #value :count SET entity = :entity',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':count': count, ':entity': 'Counter' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Attributes!.value as number;
}

function companyBlocks(companyId: string): CompanyBlocks {
  let entry = blocks.get(companyId);
  if (!entry) {
    if (blocks.size >= MAX_COMPANIES) blocks.delete(blocks.keys().next().value!);
    entry = { waiting: 0 };
    blocks.set(companyId, entry);
  }
  return entry;
}

/**
 * Whether this instance has drawn a serial number of the company: then its counter exists, and
 * counters are never removed, so the company's currency precision can only rise from now on
 * and its base currency not change (settings.ts lowers or changes them only while it has none).
 */
export const counterKnownToExist = (companyId: string): boolean => {
  const entry = blocks.get(companyId);
  return entry?.block !== undefined || entry?.counterSeen === true;
};

/**
 * Whether the company's counter exists, read when this instance does not know yet (its first
 * creates of the company, before it drew a block): counters are never removed, so once seen it
 * is known for good, and a busy company's first creates in a new instance need not all check
 * the settings item at once.
 */
export async function learnCounterExists(companyId: string): Promise<boolean> {
  if (counterKnownToExist(companyId)) return true;
  const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: keys.journalCounter(companyId), ProjectionExpression: 'pk' }));
  if (Item) companyBlocks(companyId).counterSeen = true;
  return Item !== undefined;
}

/**
 * Takes back `serial`, drawn by a request that was then refused, when it is the last number this
 * instance's block handed out: the next draw hands it out again (a gap only if the block expires
 * first).
 */
export function giveBackToBlock(companyId: string, serial: number): void {
  const block = blocks.get(companyId)?.block;
  if (block && block.next === serial + 1) block.next = serial;
}

/** The company's next serial number from this instance's block, drawing a new block when it is used up or old. */
export async function drawFromBlock(companyId: string): Promise<number> {
  const entry = companyBlocks(companyId);
  entry.waiting++;
  try {
    for (;;) {
      if (blockUsable(entry.block, Date.now())) return entry.block.next++;
      entry.drawing ??= (async () => {
        const size = nextBlockSize(entry.block, Date.now(), entry.waiting);
        const last = await advanceCounter(companyId, size);
        entry.block = blockEndingAt(last, size, Date.now());
      })().finally(() => (entry.drawing = undefined));
      await entry.drawing;
    }
  } finally {
    entry.waiting--;
  }
}
