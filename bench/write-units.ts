import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Items a DynamoDB command writes and their write units, estimated from the items' sizes as
 * DynamoDB bills them (1 KB a unit, twice in a transaction; an update or delete counts one), not
 * asked of DynamoDB Local, so that measuring adds no work to the database measured.
 */

/** An attribute value's size as DynamoDB counts it (near enough: strings in UTF-8, binary by its bytes, numbers by their digits). */
function bytesOf(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (value instanceof Uint8Array) return value.byteLength;
  if (typeof value === 'number' || typeof value === 'bigint') return Math.ceil(String(value).length / 2) + 1;
  if (Array.isArray(value)) return 3 + value.reduce((n: number, v) => n + 1 + bytesOf(v), 0);
  if (typeof value === 'object' && 'value' in (value as object) && Object.keys(value as object).length === 1) return Math.ceil(String((value as { value: string }).value).length / 2) + 1;
  return 3 + Object.entries(value as object).reduce((n, [k, v]) => n + Buffer.byteLength(k) + 1 + bytesOf(v), 0);
}
const unitsOf = (item: unknown) => Math.max(1, Math.ceil(bytesOf(item) / 1024));

type TransactOp = { Put?: { Item: unknown }; Update?: unknown; Delete?: unknown; ConditionCheck?: unknown };

/**
 * What a command carries to write: `ops` counts a transaction's condition checks too (what it
 * carries), `written` only the items it puts, updates or deletes. Zero for a read.
 */
export function writesOf(name: string, input: Record<string, any>): { ops: number; written: number; writeUnits: number } {
  if (name === 'TransactWriteItemsCommand') {
    const ops = input.TransactItems as TransactOp[];
    return { ops: ops.length, written: ops.filter((op) => !op.ConditionCheck).length, writeUnits: 2 * ops.reduce((n, op) => n + (op.Put ? unitsOf(op.Put.Item) : 1), 0) };
  }
  if (name === 'BatchWriteItemCommand') {
    const requests = Object.values(input.RequestItems as Record<string, Array<{ PutRequest?: { Item: unknown } }>>).flat();
    return { ops: requests.length, written: requests.length, writeUnits: requests.reduce((n, r) => n + (r.PutRequest ? unitsOf(r.PutRequest.Item) : 1), 0) };
  }
  if (name === 'PutItemCommand') return { ops: 1, written: 1, writeUnits: unitsOf(input.Item) };
  if (name === 'UpdateItemCommand' || name === 'DeleteItemCommand') return { ops: 1, written: 1, writeUnits: 1 };
  return { ops: 0, written: 0, writeUnits: 0 };
}

/**
 * Counts the items written and their write units by every command `client` sends while a
 * measurement runs (the process's handlers, workers and event numbering alike).
 */
export function writeTally(client: DynamoDBDocumentClient) {
  let current: { written: number; writeUnits: number } | undefined;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const tally = current;
      const answer = await next(args);
      if (tally) {
        const { written, writeUnits } = writesOf(context.commandName ?? 'unknown', args.input as Record<string, any>);
        tally.written += written;
        tally.writeUnits += writeUnits;
      }
      return answer;
    },
    { step: 'initialize', name: 'benchWriteTally' },
  );
  return {
    /** Runs `work` with the writes counted; answers its result and what it wrote. */
    async measure<T>(work: () => Promise<T>): Promise<{ result: T; written: number; writeUnits: number }> {
      const tally = { written: 0, writeUnits: 0 };
      current = tally;
      try {
        return { result: await work(), ...tally };
      } finally {
        current = undefined;
      }
    },
  };
}
