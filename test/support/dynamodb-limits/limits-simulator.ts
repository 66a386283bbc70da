import { BatchGetItemCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { HandlerExecutionContext, MiddlewareStack } from '@smithy/types';
import { TABLES, type IndexDefinition, type TableDefinition } from '../../../shared/db/table/tables.ts';
import { attributeOutput, keyText, keysRead, readsOf, writesOf, type ItemWrite } from './command-items.ts';
import { itemSize, readUnits, writeUnits, type Item } from './item-size.ts';
import { KeyRanges, type SplitForHeat } from './key-ranges.ts';
import { DEFAULT_LATENCY, latencyOf, type LatencyModel } from './latency.ts';
import { PartitionCapacity } from './partition-capacity.ts';
import { throughputExceeded, transactionCanceled, transactionConflict } from './refusals.ts';
import { currentRequest, simulateBackoffSleeps, type CommandClock, type SimulatedRequest } from './simulated-request.ts';
import { TransactionLocks, type Hold } from './transaction-locks.ts';

/**
 * The DynamoDB limits simulator: a middleware on the service's client that lets every command
 * through to DynamoDB Local, but first refuses it as DynamoDB would for capacity or a conflict,
 * and moves the calling request's simulated clock (simulated-request.ts). See README.md.
 */
export interface LimitsOptions {
  /** Table definitions by physical name (default: the service's tables under their local names). */
  tables?: Record<string, TableDefinition>;
  /** Per partition (a table key value or key range, or an index key value). */
  writeUnitsPerSecond?: number;
  readUnitsPerSecond?: number;
  /** Capacity is counted in windows of this many simulated ms. */
  windowMs?: number;
  /** How long a transaction holds its items (default: its modelled latency). */
  transactionMs?: number;
  /** Whether two transactions that only condition-check one item conflict (default true). */
  checksConflict?: boolean;
  /** Split a table key's sort-key ranges after sustained load (off by default). */
  splitForHeat?: SplitForHeat;
  latency?: Partial<LatencyModel>;
  /** DynamoDB Local, to read back the items a command updated (their sizes). Default: DYNAMODB_ENDPOINT. */
  endpoint?: string;
}

export interface LimitsStats {
  writeUnits: number;
  readUnits: number;
  throttledAttempts: number;
  conflictedAttempts: number;
  busiestWritePartition?: { partition: string; unitsPerSecond: number };
  busiestReadPartition?: { partition: string; unitsPerSecond: number };
  busiestItem?: { partition: string; unitsPerSecond: number };
  /** Write units by kind of item (its sort key with ids and numbers blanked) or index key. */
  writeUnitsByKind: Record<string, number>;
  /** Transactions cancelled by a conflict, by the kind of item they met on (as writeUnitsByKind names them). */
  conflictsByKind: Record<string, number>;
  splits: Array<{ key: string; at: string; time: number }>;
}

export interface LimitsSimulator {
  stats(): LimitsStats;
  /** Forgets load, holds, splits and tallies (item sizes are kept): a fresh start at simulated time 0. */
  reset(): void;
  uninstall(): void;
}

interface Known {
  size: number;
  /** Per index, the index partition key value the item projects under. */
  indexKeys: Record<string, string | undefined>;
}

interface PlannedWrite {
  write: ItemWrite;
  id: string;
  tableKey: string;
  sortKey: string;
  partition: string;
  old: Known | undefined;
  estimate: Map<string, number>;
}

type AnyClient = { middlewareStack: MiddlewareStack<any, any> };

const defaultTables = () => Object.fromEntries(TABLES.map((t) => [t.id, t]));

export function installLimitsSimulator(client: AnyClient, options: LimitsOptions = {}): LimitsSimulator {
  const tables = options.tables ?? defaultTables();
  const latency = { ...DEFAULT_LATENCY, ...options.latency };
  const windowMs = options.windowMs ?? 1000;
  const writes = new PartitionCapacity(options.writeUnitsPerSecond ?? 1000, windowMs);
  const reads = new PartitionCapacity(options.readUnitsPerSecond ?? 3000, windowMs);
  const items = new PartitionCapacity(Infinity, windowMs);
  const ranges = new KeyRanges(options.splitForHeat);
  const locks = new TransactionLocks(options.checksConflict ?? true);
  const known = new Map<string, Known>();
  const byKind = new Map<string, number>();
  /** Transactions cancelled by a conflict, by the kind of item they met on. */
  const conflictsByKind = new Map<string, number>();
  const totals = { writeUnits: 0, readUnits: 0, throttled: 0, conflicted: 0 };
  const clocks = new WeakMap<object, CommandClock>();
  const lookup = new DynamoDBClient({
    endpoint: options.endpoint ?? process.env.DYNAMODB_ENDPOINT,
    region: process.env.AWS_REGION ?? 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

  const tableOf = (name: string): TableDefinition => tables[name] ?? { id: name, partitionKey: 'pk', sortKey: 'sk', indexes: [] };
  const idOf = (table: string, key: Item) => {
    const t = tableOf(table);
    return `${table}|${keyText(key[t.partitionKey])}|${t.sortKey ? keyText(key[t.sortKey]) : ''}`;
  };
  const keyFrom = (table: string, item: Item): Item => {
    const t = tableOf(table);
    return Object.fromEntries([t.partitionKey, ...(t.sortKey ? [t.sortKey] : [])].map((n) => [n, item[n]!]));
  };
  const indexKey = (item: Item, index: IndexDefinition) => (item[index.partitionKey] && item[index.sortKey] ? keyText(item[index.partitionKey]) : undefined);
  const knowledgeOf = (table: string, item: Item): Known => ({ size: itemSize(item), indexKeys: Object.fromEntries(tableOf(table).indexes.map((i) => [i.name, indexKey(item, i)])) });
  const indexPartition = (table: string, index: string, key: string) => `${table}.${index}|${key}`;
  const add = (demand: Map<string, number>, partition: string, units: number) => demand.set(partition, (demand.get(partition) ?? 0) + units);

  /** Where each written item lives and the units it is expected to cost, from what is known before the write. */
  function plan(write: ItemWrite, transactional: boolean): PlannedWrite {
    const t = tableOf(write.table);
    const tableKey = `${write.table}|${keyText(write.key[t.partitionKey])}`;
    const sortKey = t.sortKey ? keyText(write.key[t.sortKey]) : '';
    const id = idOf(write.table, write.key);
    const old = known.get(id);
    const partition = ranges.partitionOf(tableKey, sortKey);
    const next = write.access === 'put' ? knowledgeOf(write.table, write.item!) : write.access === 'update' ? old : undefined;
    return { write, id, tableKey, sortKey, partition, old, estimate: demandOf(write, partition, old, next, transactional) };
  }

  /**
   * Units per partition of one item's write: the table's (1 per KB of the larger of the old
   * and new item, twice in a transaction; a condition check counted as a write) and, for each
   * index, 1 per KB of the item it projects there, twice when its index key changes (a delete
   * under the old key and a put under the new).
   */
  function demandOf(write: ItemWrite, partition: string, old: Known | undefined, next: Known | undefined, transactional: boolean): Map<string, number> {
    const demand = new Map<string, number>();
    const size = Math.max(old?.size ?? 0, next?.size ?? 0, 1);
    add(demand, partition, (transactional ? 2 : 1) * writeUnits(size));
    if (write.access === 'check') return demand;
    for (const index of tableOf(write.table).indexes) {
      const before = old?.indexKeys[index.name];
      const after = write.access === 'delete' ? undefined : next?.indexKeys[index.name];
      if (after) add(demand, indexPartition(write.table, index.name, after), writeUnits(next!.size));
      if (before && before !== after) add(demand, indexPartition(write.table, index.name, before), writeUnits(old!.size));
    }
    return demand;
  }

  /** The items as they are after the write (read back from DynamoDB Local where the write did not say). */
  async function afterImages(planned: PlannedWrite[]): Promise<Map<string, Known | undefined>> {
    const after = new Map<string, Known | undefined>();
    const unknown = new Map<string, Item[]>();
    for (const p of planned) {
      if (p.write.access === 'put') after.set(p.id, knowledgeOf(p.write.table, p.write.item!));
      else if (p.write.access === 'delete') after.set(p.id, undefined);
      else if (p.write.access === 'check' && p.old) after.set(p.id, p.old);
      else unknown.set(p.write.table, [...(unknown.get(p.write.table) ?? []), p.write.key]);
    }
    for (const [table, keys] of unknown) {
      for (let i = 0; i < keys.length; i += 100) {
        const out = await lookup.send(new BatchGetItemCommand({ RequestItems: { [table]: { Keys: keys.slice(i, i + 100), ConsistentRead: true } } }));
        for (const item of out.Responses?.[table] ?? []) after.set(idOf(table, item as Item), knowledgeOf(table, item as Item));
      }
    }
    return after;
  }

  /** Records what the writes really cost, in place of what was reserved for them. */
  async function settle(planned: PlannedWrite[], transactional: boolean, at: number, request: SimulatedRequest | undefined): Promise<void> {
    const after = await afterImages(planned);
    for (const p of planned) {
      const next = after.get(p.id);
      if (next) known.set(p.id, next);
      else known.delete(p.id);
      if (!request) continue;
      const exact = demandOf(p.write, p.partition, p.old, next ?? (p.write.access === 'check' ? p.old : undefined), transactional);
      for (const [partition, units] of p.estimate) writes.add(partition, -units, at);
      for (const [partition, units] of exact) {
        writes.add(partition, units, at);
        totals.writeUnits += units;
        request.writeUnits += units;
        request.writeUnitsByPartition.set(partition, (request.writeUnitsByPartition.get(partition) ?? 0) + units);
        const kind = partition === p.partition ? kindOf(p.sortKey || p.tableKey) : indexKindOf(partition);
        byKind.set(kind, (byKind.get(kind) ?? 0) + units);
      }
      const own = exact.get(p.partition) ?? 0;
      items.add(p.id, own, at);
      ranges.observe(p.tableKey, p.sortKey, own, at, writes);
    }
  }

  function finish(request: SimulatedRequest, clock: CommandClock, end: number): void {
    clock.next = end;
    request.clock = Math.max(request.clock, end);
    request.depth = Math.max(request.depth, clock.depth + 1);
  }

  function refuse(request: SimulatedRequest, clock: CommandClock, start: number, error: Error): never {
    finish(request, clock, start + latency.refused);
    request.lastAttemptRefused = true;
    request.backoffOf = clock;
    throw error;
  }

  async function simulateWrite(command: string, input: any, send: () => Promise<any>, request: SimulatedRequest, clock: CommandClock, start: number) {
    const { transactional, writes: touched } = writesOf(command, input, tables)!;
    const planned = touched.map((w) => plan(w, transactional));
    const demand = new Map<string, number>();
    for (const p of planned) for (const [partition, units] of p.estimate) add(demand, partition, units);
    const short = writes.shortOf(demand, start);
    if (short.length > 0) {
      totals.throttled++;
      request.throttles++;
      const reason = isIndexPartition(short[0]!) ? 'IndexWriteKeyRangeThroughputExceeded' : 'TableWriteKeyRangeThroughputExceeded';
      refuse(request, clock, start, transactional ? transactionCanceled(planned.map((p) => ([...p.estimate.keys()].some((k) => short.includes(k)) ? 'ThrottlingError' : 'None'))) : throughputExceeded(reason, short[0]!));
    }
    const end = start + latencyOf(latency, command, touched.length);
    const holds = planned.map((p) => ({ id: p.id, hold: (p.write.access === 'check' ? 'check' : 'write') as Hold }));
    const heldUntil = transactional ? start + (options.transactionMs ?? end - start) : end;
    const conflicts = locks.conflicting(holds, start, heldUntil);
    if (conflicts.length > 0) {
      totals.conflicted++;
      request.conflicts++;
      for (const kind of new Set(conflicts.map((i) => kindOf(planned[i]!.sortKey || planned[i]!.tableKey)))) conflictsByKind.set(kind, (conflictsByKind.get(kind) ?? 0) + 1);
      refuse(request, clock, start, transactional ? transactionCanceled(planned.map((_, i) => (conflicts.includes(i) ? 'TransactionConflict' : 'None'))) : transactionConflict());
    }
    if (transactional) locks.hold(holds, start, heldUntil);
    for (const [partition, units] of demand) writes.add(partition, units, start);
    try {
      const out = await send();
      await settle(planned, transactional, start, request);
      return out;
    } catch (error) {
      for (const [partition, units] of demand) writes.add(partition, -units, start);
      throw error;
    } finally {
      finish(request, clock, end);
    }
  }

  function simulateRead(command: string, input: any, output: any, request: SimulatedRequest, clock: CommandClock, start: number) {
    const found = readsOf(command, input, output) ?? [];
    const demand = new Map<string, number>();
    for (const read of found) {
      const t = tableOf(read.table);
      const factor = (read.transactional ? 2 : 1) * (read.consistent ? 1 : 0.5);
      const partitionOf = (item: Item) => {
        if (read.index) return indexPartition(read.table, read.index, keyText(item[t.indexes.find((i) => i.name === read.index)?.partitionKey ?? ''] ));
        return ranges.partitionOf(`${read.table}|${keyText(item[t.partitionKey])}`, t.sortKey ? keyText(item[t.sortKey]) : '');
      };
      if (!input.ProjectionExpression) for (const item of read.items) known.set(idOf(read.table, keyFrom(read.table, item)), knowledgeOf(read.table, item));
      if (read.summed && read.items.length > 0) add(demand, partitionOf(read.items[0]!), factor * readUnits(read.items.reduce((n, i) => n + itemSize(i), 0)));
      else for (const item of [...read.items, ...read.missing]) add(demand, partitionOf(item), factor * readUnits(itemSize(item)));
    }
    for (const [partition, units] of demand) {
      reads.add(partition, units, start);
      totals.readUnits += units;
      request.readUnits += units;
      request.readUnitsByPartition.set(partition, (request.readUnitsByPartition.get(partition) ?? 0) + units);
    }
    finish(request, clock, start + latencyOf(latency, command, 0));
  }

  // A command's clock starts when it is sent, so calls sent together start at the same instant.
  const stampCommand = (next: any, context: HandlerExecutionContext) => async (args: any) => {
    const request = currentRequest();
    if (request) {
      request.calls++;
      clocks.set(context, { next: request.clock, depth: request.depth });
    }
    return next(args);
  };

  const simulate = (next: any, context: HandlerExecutionContext) => async (args: any) => {
    const command = context.commandName ?? '';
    const request = currentRequest();
    // The document client marks its commands; their output reaches this step already unmarshalled.
    const fromDocumentClient = (context as { __aws_sdk_context?: { features?: Record<string, string> } }).__aws_sdk_context?.features?.DDB_MAPPER === 'd';
    const itemsOf = (output: any) => (fromDocumentClient ? attributeOutput(command, output) : output);
    if (!request) {
      const out = await next(args);
      const touched = writesOf(command, args.input, tables);
      if (touched) await settle(touched.writes.map((w) => plan(w, touched.transactional)), touched.transactional, 0, undefined);
      else readsOf(command, args.input, itemsOf(out.output))?.forEach((r) => !args.input.ProjectionExpression && r.items.forEach((i) => known.set(idOf(r.table, keyFrom(r.table, i)), knowledgeOf(r.table, i))));
      return out;
    }
    const clock = clocks.get(context) ?? { next: request.clock, depth: request.depth };
    const start = clock.next;
    if (request.lastAttemptRefused) request.retries++;
    request.lastAttemptRefused = false;
    request.backoffOf = undefined;
    if (writesOf(command, args.input, tables)) return simulateWrite(command, args.input, () => next(args), request, clock, start);
    // A read is refused before it is sent when a partition it reads has used its second's units.
    const full = keysRead(command, args.input, tables)
      .map((k) => (k.index ? indexPartition(k.table, k.index, keyText(k.partitionKey)) : ranges.partitionOf(`${k.table}|${keyText(k.partitionKey)}`, keyText(k.sortKey))))
      .filter((p) => !reads.hasRoom(p, start));
    if (full.length > 0) {
      totals.throttled++;
      request.throttles++;
      refuse(request, clock, start, throughputExceeded(isIndexPartition(full[0]!) ? 'IndexReadKeyRangeThroughputExceeded' : 'TableReadKeyRangeThroughputExceeded', full[0]!));
    }
    let out;
    try {
      out = await next(args);
    } catch (error) {
      finish(request, clock, start + latencyOf(latency, command, 0));
      throw error;
    }
    simulateRead(command, args.input, itemsOf(out.output), request, clock, start);
    return out;
  };

  client.middlewareStack.add(stampCommand, { step: 'initialize', name: 'limitsSimulatorCalls' });
  client.middlewareStack.add(simulate as any, { step: 'finalizeRequest', priority: 'low', name: 'limitsSimulator' });
  const restoreTimers = simulateBackoffSleeps();

  return {
    stats: () => ({
      writeUnits: totals.writeUnits,
      readUnits: totals.readUnits,
      throttledAttempts: totals.throttled,
      conflictedAttempts: totals.conflicted,
      busiestWritePartition: writes.busiest(),
      busiestReadPartition: reads.busiest(),
      busiestItem: items.busiest(),
      writeUnitsByKind: Object.fromEntries([...byKind].sort((a, b) => b[1] - a[1])),
      conflictsByKind: Object.fromEntries([...conflictsByKind].sort((a, b) => b[1] - a[1])),
      splits: [...ranges.splits],
    }),
    reset() {
      writes.clear();
      reads.clear();
      items.clear();
      ranges.clear();
      locks.clear();
      byKind.clear();
      conflictsByKind.clear();
      Object.assign(totals, { writeUnits: 0, readUnits: 0, throttled: 0, conflicted: 0 });
    },
    uninstall() {
      client.middlewareStack.remove('limitsSimulatorCalls');
      client.middlewareStack.remove('limitsSimulator');
      restoreTimers();
      lookup.destroy();
    },
  };
}

/** A kind of item or index key: ids and numbers blanked, so the write units of a posting group by what they are. */
export function kindOf(keyOrPartition: string): string {
  return keyOrPartition
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/\d{4}-\d{2}-\d{2}/g, '<date>')
    .replace(/\d+/g, 'n');
}

/** Index partitions are named `<table>.<index>|<key>`, table partitions `<table>|<key>`. */
const isIndexPartition = (partition: string) => partition.split('|')[0]!.includes('.');

/** An index key's kind: the index and its key with ids blanked. */
const indexKindOf = (partition: string) => {
  const [name, ...key] = partition.split('|');
  return `${name!.split('.')[1]} ${kindOf(key.join('|'))}`;
};
