import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { JobSteps } from '../shared/imports/job-steps.ts';

/**
 * Where an import's time goes: every DynamoDB command the process sends while `profile` runs,
 * counted against the phase it belongs to (the check before the first write step, each write
 * step, the end after the last), with the items it carries and the write units DynamoDB Local
 * reports (ReturnConsumedCapacity), and each step's wall time. Steps are told apart by the
 * JobSteps method that ran them and their place (import start and end are the transactions
 * around the balances; see shared/imports/write-journals.ts).
 */
interface Tally {
  calls: Record<string, number>;
  items: number;
  writeUnits: number;
  ms: number;
  /** CPU seconds of this process (the worker) and of DynamoDB Local. */
  workerCpu: number;
  dynamoCpu: number;
}
interface StepRecord extends Tally {
  step: number;
  method: string;
}

const STEP_METHODS = ['inTransaction', 'inTransactions', 'repeatable', 'failed'] as const;
const WRITES = new Set(['TransactWriteItemsCommand', 'BatchWriteItemCommand', 'PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand']);

const fresh = (): Tally => ({ calls: {}, items: 0, writeUnits: 0, ms: 0, workerCpu: 0, dynamoCpu: 0 });
const ownCpu = () => (process.cpuUsage().user + process.cpuUsage().system) / 1e6;

/** Items a command carries (writes) or answers (reads). */
function itemsOf(name: string, input: Record<string, any>, output: Record<string, any>): number {
  if (name === 'TransactWriteItemsCommand') return input.TransactItems.length;
  if (name === 'BatchWriteItemCommand') return Object.values(input.RequestItems as Record<string, unknown[]>).reduce((n, r) => n + r.length, 0);
  if (name === 'BatchGetItemCommand') return Object.values((output.Responses ?? {}) as Record<string, unknown[]>).reduce((n, r) => n + r.length, 0);
  if (output.Items) return output.Items.length;
  return 1;
}

/** `dynamoCpu`: DynamoDB Local's CPU seconds so far (bench/companies/cpu-time.ts). */
export function importProfiler(client: DynamoDBDocumentClient, steps: { prototype: JobSteps }, dynamoCpu: () => number = () => 0) {
  let current: Tally = fresh();
  let on = false;
  const phases = { check: fresh(), end: fresh() };
  const records: StepRecord[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (!on) return next(args);
      const name = context.commandName ?? 'unknown';
      const input = args.input as Record<string, any>;
      if (WRITES.has(name)) input.ReturnConsumedCapacity = 'TOTAL';
      const tally = current;
      const answer = await next(args);
      const output = answer.output as Record<string, any>;
      tally.calls[name] = (tally.calls[name] ?? 0) + 1;
      tally.items += itemsOf(name, input, output);
      const consumed = ([] as Array<{ CapacityUnits?: number; WriteCapacityUnits?: number }>).concat(output.ConsumedCapacity ?? []);
      tally.writeUnits += consumed.reduce((n, c) => n + (c.WriteCapacityUnits ?? c.CapacityUnits ?? 0), 0);
      return answer;
    },
    { step: 'initialize', name: 'benchImportProfile' },
  );
  const proto = steps.prototype as unknown as Record<string, (...args: unknown[]) => Promise<void>>;
  for (const method of STEP_METHODS) {
    const original = proto[method]!;
    proto[method] = async function (this: JobSteps, ...args: unknown[]) {
      if (!on || (args[0] as number) < this.next) return original.apply(this, args);
      const record: StepRecord = { step: args[0] as number, method, ...fresh() };
      records.push(record);
      current = record;
      const started = performance.now();
      const [worker, dynamo] = [ownCpu(), dynamoCpu()];
      try {
        return await original.apply(this, args);
      } finally {
        record.ms = performance.now() - started;
        record.workerCpu = ownCpu() - worker;
        record.dynamoCpu = dynamoCpu() - dynamo;
        current = phases.end;
      }
    };
  }

  return {
    /** Runs `work` with every command and step counted; answers the breakdown by kind of step. */
    async profile<T>(work: () => Promise<T>, journals: number): Promise<{ result: T; breakdown: ReturnType<typeof breakdownOf> }> {
      phases.check = fresh();
      phases.end = fresh();
      records.length = 0;
      current = phases.check;
      on = true;
      const started = performance.now();
      const [worker, dynamo] = [ownCpu(), dynamoCpu()];
      let result: T;
      try {
        result = await work();
      } finally {
        on = false;
      }
      const seconds = (performance.now() - started) / 1000;
      const total = { workerCpu: ownCpu() - worker, dynamoCpu: dynamoCpu() - dynamo };
      return { result, breakdown: breakdownOf(phases, records, journals, seconds, total) };
    },
  };
}

/** The steps summed by kind: start and end are the journal import's transactions around its balances. */
function breakdownOf(phases: { check: Tally; end: Tally }, records: StepRecord[], journals: number, seconds: number, total: { workerCpu: number; dynamoCpu: number }) {
  const firstTransaction = records.findIndex((r) => r.method === 'inTransaction');
  const firstJournals = records.findIndex((r) => r.method === 'inTransactions');
  const kindOf = (r: StepRecord, i: number): string => {
    if (r.method === 'failed') return 'set aside';
    if (r.method === 'inTransactions') return 'journal transactions';
    if (r.method === 'inTransaction') return i === firstTransaction ? 'start' : 'end';
    if (i < (firstTransaction >= 0 ? firstTransaction : firstJournals)) return 'usage items, still usable';
    if (firstJournals < 0 || i < firstJournals) return 'balances';
    return 'ledger items';
  };
  const kinds = new Map<string, Tally & { steps: number }>([['check, and the request and finish', { ...phases.check, steps: 0 }]]);
  records.forEach((r, i) => {
    const kind = kindOf(r, i);
    const sum = kinds.get(kind) ?? { ...fresh(), steps: 0 };
    sum.steps++;
    sum.items += r.items;
    sum.writeUnits += r.writeUnits;
    sum.ms += r.ms;
    sum.workerCpu += r.workerCpu;
    sum.dynamoCpu += r.dynamoCpu;
    for (const [name, n] of Object.entries(r.calls)) sum.calls[name] = (sum.calls[name] ?? 0) + n;
    kinds.set(kind, sum);
  });
  kinds.set('finish (after the last step)', { ...phases.end, steps: 0 });
  const checkMs = seconds * 1000 - [...kinds.values()].reduce((n, k) => n + k.ms, 0);
  const outside = kinds.get('check, and the request and finish')!;
  outside.ms = checkMs;
  outside.workerCpu = total.workerCpu - [...kinds.values()].reduce((n, k) => n + k.workerCpu, 0);
  outside.dynamoCpu = total.dynamoCpu - [...kinds.values()].reduce((n, k) => n + k.dynamoCpu, 0);
  const callsOf = (t: Tally) => Object.values(t.calls).reduce((n, c) => n + c, 0);
  const rows = [...kinds].map(([kind, t]) => ({
    kind,
    steps: t.steps,
    seconds: Number((t.ms / 1000).toFixed(2)),
    workerCpu: Number(t.workerCpu.toFixed(2)),
    dynamoCpu: Number(t.dynamoCpu.toFixed(2)),
    calls: callsOf(t),
    callsPerJournal: Number((callsOf(t) / journals).toFixed(3)),
    items: t.items,
    itemsPerJournal: Number((t.items / journals).toFixed(2)),
    writeUnits: Math.round(t.writeUnits),
    writeUnitsPerJournal: Number((t.writeUnits / journals).toFixed(2)),
    commands: Object.entries(t.calls).map(([name, n]) => `${name.replace('Command', '')} ${n}`).join(', '),
  }));
  return rows;
}
