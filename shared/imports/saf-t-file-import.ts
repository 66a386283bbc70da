import type { CounterpartyRecord } from '../counterparties/records.ts';
import type { NodeRecord } from '../tree/records.ts';
import { ChartIndex } from './chart-index.ts';
import { planCounterpartyImport } from './counterparty-import.ts';
import type { ImportPlan, JobSteps } from './job-steps.ts';
import { planJournalImport } from './journal-import.ts';
import { planNodes, type NodeImportKind } from './plan-nodes.ts';
import type { ImportJob, RowError } from './records.ts';
import { safTFileRows, type SafTPart, type SourceRow } from './read-rows.ts';
import { namedByPath } from './saf-t/named-by-path.ts';
import { taxAccountsOf } from './saf-t-tax-accounts.ts';
import type { ImportWork } from './store.ts';
import { windDownJournals, writeJournals } from './write-journals.ts';
import { writeNodes } from './write-nodes.ts';

/**
 * A whole SAF-T Financial file in one job (kind `safT`): its parts planned in order by the
 * planners of their own kinds (the chart, cost centers, counterparties, opening balances,
 * journals), each later part checked against the books as the earlier parts will leave them
 * (the nodes and counterparties they plan are seen as there), so a dry run and an atomic import
 * judge the file whole: atomic writes nothing unless every part is valid.
 *
 *   accounts ──> cost centers ──> counterparties ──> opening journal and journals (one journal write)
 *
 * The parts' rows are numbered on from one part to the next (read-rows.ts safTFileRows), so the
 * ids an import derives from its rows are the job's own in every part. Each part writes in its
 * own steps, shifted past the steps of the parts before it (JobSteps.offset): a node part plans
 * one step a node, the counterparties one a transaction, and a resumed job plans the same (each
 * part recognises what this job wrote), so every worker numbers the job's steps alike and a
 * worker that dies between parts is followed by one that goes on at the first step not recorded.
 * The opening journal and the journals are written as one set of journals (one balance shard, one
 * start and end), the opening journal first.
 * Errors: as each part's (row errors naming the element); financialYearId `Required` on the
 * first opening row when the file gives opening balances and the job names no year.
 */
export async function planSafTFile(work: ImportWork, job: ImportJob, companyId: string, text: string): Promise<{ rows: number; plan: ImportPlan }> {
  const parts = new Map((await safTFileRows(text, taxAccountsOf(work, companyId))).map((p) => [p.kind, p]));
  const part = (kind: SafTPart) => parts.get(kind)!;
  const named = (kind: SafTPart, errors: readonly RowError[]) => namedByPath(errors, part(kind).paths);
  const now = new Date().toISOString();

  const [accountNodes, centerNodes] = await Promise.all([work.nodes('accounts', companyId), work.nodes('costCenters', companyId)]);
  const nodePlan = async (kind: NodeImportKind, existing: NodeRecord[]) => {
    const plan = await planNodes(kind, job.id, part(kind).rows, part(kind).errors, new ChartIndex(existing), now);
    return { ...plan, nodes: plan.writes.map((w) => w.node), rowsToWrite: plan.writes.length, units: plan.writes.length };
  };
  const accounts = await nodePlan('accounts', accountNodes);
  const centers = await nodePlan('costCenters', centerNodes);
  const counterparties = await planCounterpartyImport(work, job, companyId, part('counterparties').rows, part('counterparties').errors);

  // The books as the parts before will leave them: their new nodes and counterparties are there.
  const ahead = booksAhead(work, { accounts: accounts.nodes, costCenters: centers.nodes }, counterparties.records);
  const opening = await openingPlan(ahead, job, companyId, part('openingBalances').rows, part('openingBalances').errors);
  const journals = await planJournalImport(ahead, { ...job, kind: 'journals' }, companyId, part('journals').rows, part('journals').errors);

  const plans = [accounts, centers, counterparties, opening, journals];
  const errors = [...named('accounts', accounts.errors), ...named('costCenters', centers.errors), ...named('counterparties', counterparties.errors), ...named('openingBalances', opening.errors), ...named('journals', journals.errors)];
  const all = [...opening.journals, ...journals.journals];
  // Where each part's steps start: the node parts take a step a node, the counterparties one a transaction.
  const journalsAt = accounts.writes.length + centers.writes.length + counterparties.units;
  const write = async (steps: JobSteps) => {
    const stopped = () => steps.job.mode === 'atomic' && steps.failedWrites > 0;
    await inPart(steps, 0, () => writeNodes(steps, 'accounts', accounts.writes));
    if (stopped()) return;
    await inPart(steps, accounts.writes.length, () => writeNodes(steps, 'costCenters', centers.writes));
    if (stopped()) return;
    await inPart(steps, accounts.writes.length + centers.writes.length, () => counterparties.write(steps));
    if (stopped() || all.length === 0) return;
    await inPart(steps, journalsAt, () => writeJournals(steps, all));
  };
  return {
    rows: [...parts.values()].reduce((n, p) => n + p.rows.length, 0),
    plan: {
      errors: errors.sort((a, b) => a.row - b.row),
      invalidRows: new Set(plans.flatMap((p) => [...p.invalidRows])),
      skippedRows: new Set(plans.flatMap((p) => [...p.skippedRows])),
      rowsToWrite: plans.reduce((n, p) => n + p.rowsToWrite, 0),
      units: plans.reduce((n, p) => n + p.units, 0),
      serials: all.length,
      write,
      // Only the journals can hold the company; rows of the earlier parts were recorded by their steps.
      windDown: async (steps) => {
        if (steps.next <= journalsAt || all.length === 0) return { release: [], written: steps.written };
        const down = await inPart(steps, journalsAt, () => windDownJournals(steps, all));
        return { release: down.release, written: Math.max(steps.written, down.written) };
      },
    },
  };
}

/** `run` with the job's steps shifted to the part's first step. */
async function inPart<T>(steps: JobSteps, offset: number, run: () => Promise<T>): Promise<T> {
  steps.offset = offset;
  try {
    return await run();
  } finally {
    steps.offset = 0;
  }
}

/** The opening journal of the job's year, or (no year named) an error on the file's first opening row when it gives any. */
async function openingPlan(work: ImportWork, job: ImportJob, companyId: string, rows: SourceRow[], readErrors: RowError[]) {
  if (rows.length === 0) return { errors: readErrors, invalidRows: new Set(readErrors.map((e) => e.row)), skippedRows: new Set<number>(), rowsToWrite: 0, units: 0, journals: [] };
  if (job.financialYearId) return planJournalImport(work, { ...job, kind: 'openingBalances' }, companyId, rows, readErrors);
  const error = { row: rows[0]!.row, field: 'financialYearId', reason: 'is required: the file gives opening balances, and financialYearId names the year they open', code: 'Required' };
  return { errors: [error, ...readErrors], invalidRows: new Set(rows.map((r) => r.row)), skippedRows: new Set<number>(), rowsToWrite: 0, units: 0, journals: [] };
}

/** The import's view of the books with the nodes and counterparties planned by the parts before added (a record already there wins). */
function booksAhead(work: ImportWork, nodes: Record<NodeImportKind, NodeRecord[]>, parties: CounterpartyRecord[]): ImportWork {
  const ahead = Object.create(work) as ImportWork;
  ahead.nodes = async (kind, companyId) => {
    const existing = await work.nodes(kind, companyId);
    const ids = new Set(existing.map((n) => n.id));
    return [...existing, ...(nodes[kind].filter((n) => !ids.has(n.id)) as typeof existing)];
  };
  ahead.counterparties = async (companyId, counterpartyIds) => {
    const existing = await work.counterparties(companyId, counterpartyIds);
    const ids = new Set(existing.map((c) => c.counterpartyId));
    const wanted = new Set(counterpartyIds);
    return [...existing, ...parties.filter((p) => wanted.has(p.counterpartyId) && !ids.has(p.counterpartyId))];
  };
  return ahead;
}
