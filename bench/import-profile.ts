import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { JobSteps } from '../shared/imports/job-steps.ts';
import { writesOf } from './write-units.ts';

/**
 * Where an import's time goes: every DynamoDB command the process sends while `profile` runs,
 * counted against the phase it belongs to (outside the write steps: the request, the check and
 * the job's end; or the write step), with the items it carries and its write units, and each
 * step's wall time and CPU (write units estimated as write-units.ts does). Steps are told apart by the
 * JobSteps method that ran them and their place in their job (the start and end are the
 * transactions around the balances; see shared/imports/write-journals.ts).
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
const fresh = (): Tally => ({ calls: {}, items: 0, writeUnits: 0, ms: 0, workerCpu: 0, dynamoCpu: 0 });
const ownCpu = () => (process.cpuUsage().user + process.cpuUsage().system) / 1e6;

/** Items a command carries (writes) or answers (reads), and the write units of its writes (write-units.ts). */
function measureOf(name: string, input: Record<string, any>, output: Record<string, any>): { items: number; writeUnits: number } {
  const writes = writesOf(name, input);
  if (writes.ops > 0) return { items: writes.ops, writeUnits: writes.writeUnits };
  if (name === 'BatchGetItemCommand') return { items: Object.values((output.Responses ?? {}) as Record<string, unknown[]>).reduce((n, r) => n + r.length, 0), writeUnits: 0 };
  return { items: output.Items ? output.Items.length : 1, writeUnits: 0 };
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
      const tally = current;
      const answer = await next(args);
      const { items, writeUnits } = measureOf(name, args.input as Record<string, any>, answer.output as Record<string, any>);
      tally.calls[name] = (tally.calls[name] ?? 0) + 1;
      tally.items += items;
      tally.writeUnits += writeUnits;
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
  // A job's steps count from 0: a step numbered no higher than the one before begins the next job.
  const jobOf: number[] = [];
  records.forEach((r, i) => jobOf.push(i === 0 ? 0 : jobOf[i - 1]! + (r.step <= records[i - 1]!.step ? 1 : 0)));
  const kindOf = (r: StepRecord, i: number): string => {
    const job = records.map((x, k) => ({ x, k })).filter(({ k }) => jobOf[k] === jobOf[i]);
    const firstTransaction = job.find(({ x }) => x.method === 'inTransaction')?.k ?? -1;
    const firstJournals = job.find(({ x }) => x.method === 'inTransactions')?.k ?? -1;
    if (r.method === 'failed') return 'set aside';
    if (r.method === 'inTransactions') return 'journal transactions (and ledger items beside them)';
    if (r.method === 'inTransaction') return i === firstTransaction ? 'start' : 'end';
    if (i < (firstTransaction >= 0 ? firstTransaction : firstJournals)) return 'usage items, still usable';
    if (firstJournals < 0 || i < firstJournals) return 'balances (and the first ledger items)';
    return 'ledger items';
  };
  const kinds = new Map<string, Tally & { steps: number }>([['outside steps (request, check, end)', { ...phases.check, steps: 0 }]]);
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
  // Outside the steps: the request, the check, the job's end (and with two jobs, the second's request and check).
  const outsideSteps = kinds.get('outside steps (request, check, end)')!;
  outsideSteps.items += phases.end.items;
  outsideSteps.writeUnits += phases.end.writeUnits;
  for (const [name, n] of Object.entries(phases.end.calls)) outsideSteps.calls[name] = (outsideSteps.calls[name] ?? 0) + n;
  const checkMs = seconds * 1000 - [...kinds.values()].reduce((n, k) => n + k.ms, 0);
  const outside = kinds.get('outside steps (request, check, end)')!;
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
