import type { CounterpartyRecord } from '../counterparties/records.ts';
import { counterpartySearchText } from '../counterparties/counterparties.ts';
import { checkCounterpartyRegistration } from '../counterparties/rules.ts';
import { CountryCode, RegistrationNumber } from '../counterparties/schemas.ts';
import { counterpartyView } from '../counterparties/view.ts';
import { ReadableText } from '../schemas/common.ts';
import { lazy } from '../schemas/lazy.ts';
import { partyCounterpartyId } from './ids.ts';
import type { ImportPlan, JobSteps } from './job-steps.ts';
import type { ImportJob, RowError } from './records.ts';
import type { SourceRow } from './read-rows.ts';
import { rowFailure } from './row-failure.ts';
import { BooleanField, RowFields } from './row-fields.ts';
import type { ImportWork } from './store.ts';

/** Counterparties written in one transaction: each is its item and its event. */
const PER_STEP = 40;

/** The fields' schemas, the API's own (counterparties/schemas.ts), built once. */
const Fields = /* @__PURE__ */ lazy(() => ({
  partyId: ReadableText(100),
  name: ReadableText(200),
  country: CountryCode(),
  taxRegistrationNumber: RegistrationNumber(),
  active: BooleanField(),
}));

/**
 * A counterparties import: each row a customer or supplier (`partyId`, its id in the system the
 * file comes from; `nameArabic`, `nameEnglish`, `country`, `taxRegistrationNumber`, `active`),
 * checked as Create checks one. The counterparty's id is derived from `partyId`
 * (ids.ts partyCounterpartyId), so one the company already has is skipped (a re-run writes
 * nothing) and a SAF-T file's lines naming the party name it. A partyId given twice in the file
 * is an error of the second row.
 */
export async function planCounterpartyImport(work: Pick<ImportWork, 'counterparties'>, job: ImportJob, companyId: string, rows: SourceRow[], readErrors: RowError[]): Promise<ImportPlan & { records: CounterpartyRecord[] }> {
  const schemas = Fields();
  const errors: RowError[] = [];
  const planned: Array<{ row: number; record: CounterpartyRecord }> = [];
  const seen = new Map<string, number>();
  for (const source of rows) {
    const fields = new RowFields(source);
    fields.errors.push(...readErrors.filter((e) => e.row === source.row));
    const partyId = fields.read('partyId', schemas.partyId);
    const english = fields.read('nameEnglish', schemas.name);
    const arabic = fields.read('nameArabic', schemas.name);
    const country = fields.read('country', schemas.country);
    const registration = fields.read('taxRegistrationNumber', schemas.taxRegistrationNumber) ?? null;
    const active = fields.read('active', schemas.active) ?? true;
    if (partyId !== undefined && seen.has(partyId)) fields.fail('partyId', `repeats row ${seen.get(partyId)}'s: a party is one row`, 'DuplicatePartyId');
    if (fields.ok && country) {
      try {
        checkCounterpartyRegistration(country, registration);
      } catch (error) {
        fields.errors.push(rowFailure(error, source.row, {}));
      }
    }
    errors.push(...fields.errors);
    if (partyId !== undefined && !seen.has(partyId)) seen.set(partyId, source.row);
    if (!fields.ok || !partyId || !english || !arabic || !country) continue;
    const record: CounterpartyRecord = { companyId, counterpartyId: partyCounterpartyId(partyId), name: { arabic, english }, country, taxRegistrationNumber: registration, active, version: 1, createdAt: job.createdAt, updatedAt: job.createdAt };
    planned.push({ row: source.row, record });
  }
  // A counterparty this very job wrote (a resumed job: created at the job's creation time, as the job writes them) is planned again, so the plan and its steps are the ones it started with.
  const found = planned.length === 0 ? [] : await work.counterparties(companyId, planned.map((p) => p.record.counterpartyId));
  const existing = new Set(found.filter((c) => c.createdAt !== job.createdAt).map((c) => c.counterpartyId));
  const writes = planned.filter((p) => !existing.has(p.record.counterpartyId));
  const steps = Array.from({ length: Math.ceil(writes.length / PER_STEP) }, (_, k) => writes.slice(k * PER_STEP, (k + 1) * PER_STEP));
  return {
    errors: errors.sort((a, b) => a.row - b.row),
    invalidRows: new Set(errors.map((e) => e.row)),
    skippedRows: new Set(planned.filter((p) => existing.has(p.record.counterpartyId)).map((p) => p.row)),
    rowsToWrite: writes.length,
    units: steps.length,
    records: planned.map((p) => p.record),
    write: (jobSteps) => writeCounterparties(jobSteps, steps),
  };
}

/**
 * One transaction per step: its counterparties (each put only where none has its id) with their
 * `CounterpartyCreated` events and the step's record. A step the books refuse (a counterparty of
 * that id made meanwhile) is an error of its first row; an atomic import stops there.
 */
async function writeCounterparties(steps: JobSteps, chunks: ReadonlyArray<ReadonlyArray<{ row: number; record: CounterpartyRecord }>>): Promise<void> {
  for (const [step, chunk] of chunks.entries()) {
    try {
      await steps.inTransaction(step, () => chunk.flatMap(({ record }) => [steps.work.counterpartyChange(record, counterpartySearchText(record.name)), steps.eventOp('CounterpartyCreated', counterpartyView(record))]), { written: chunk.length });
    } catch (error) {
      await steps.failed(step, rowFailure(error, chunk[0]!.row, { generalErrors: 'partyId' }));
      if (steps.job.mode === 'atomic') return;
    }
  }
}
