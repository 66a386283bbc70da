import { randomUUID } from 'node:crypto';
import type { UnitOfWork } from '../unit-of-work.ts';
import { Forbidden, NotFound, ValidationError } from '../errors.ts';
import { noCounts, type ImportJob } from './records.ts';
import { readRows, safTFileRows } from './read-rows.ts';
import { checkMayImport } from './rules.ts';
import type { CreateImportInput } from './schemas.ts';
import type { ImportQueue } from './store.ts';
import { importView, type ImportView } from './views.ts';

/**
 * Accepts an import: checks that the caller may write what it holds and that the file can be
 * read at all (CSV well-formed, its header naming known columns), stores the file compressed,
 * and answers the queued job at once; a worker checks and writes its rows (run-import.ts).
 * Errors: Forbidden (a permission of what it writes, `attachments:create` when its rows name files), ValidationError naming `data`
 * (InvalidCsv, UnknownColumn, MissingColumn, TooManyRows; of the saf-t format InvalidSafT,
 * NotSafTFinancial, UnsupportedSafTVersion, TooLarge), NotFound naming `financialYearId`.
 */
export async function createImport(queue: ImportQueue, uow: UnitOfWork, companyId: string, granted: readonly string[], input: CreateImportInput): Promise<ImportView> {
  checkMayImport(input.kind, input.post, granted);
  const read = input.kind === 'bankStatements' || input.kind === 'safT' ? undefined : await readRows(input.kind, input.format, input.data);
  const rows = read ? read.rows.length : input.kind === 'safT' ? (await safTFileRows(String(input.data))).reduce((n, p) => n + p.rows.length, 0) : await statementLines(queue, companyId, input);
  const attachesFiles = read?.rows.some((r) => r.values.attachmentIds !== undefined) ?? false;
  checkMayImport(input.kind, input.post, granted, attachesFiles);
  if (input.financialYearId && !(await queue.hasYear(companyId, input.financialYearId))) throw new NotFound('The financial year', 'financialYearId');
  const createdBy = uow.actor;
  if (!createdBy) throw new Forbidden('An import needs a caller to write in the name of.');
  const { job, pieces, now } = queuedJob(queue, input, createdBy, rows, attachesFiles);
  await queue.keepFile(companyId, job.id, pieces, now);
  return uow.commit(queue.queuedChanges(companyId, job), importView(job));
}

/** A queued job of `rows` rows for the request's file, and the file compressed as it is stored. */
export function queuedJob(queue: Pick<ImportQueue, 'storedPieces'>, input: CreateImportInput, createdBy: ImportJob['createdBy'], rows: number, attachesFiles = false) {
  const now = new Date();
  const text = typeof input.data === 'string' ? input.data : JSON.stringify(input.data);
  const pieces = queue.storedPieces(text);
  const job: ImportJob = {
    id: randomUUID(),
    kind: input.kind,
    format: input.format,
    mode: input.mode,
    dryRun: input.dryRun,
    post: input.post,
    ...(attachesFiles ? { attachesFiles: true as const } : {}),
    financialYearId: input.financialYearId,
    budgetName: input.budgetName,
    bankAccountId: input.bankAccountId,
    statement: input.statement,
    status: 'queued',
    counts: { ...noCounts(), rows },
    errors: [],
    errorCount: 0,
    payload: { chunks: pieces.length, bytes: Buffer.byteLength(text), storedBytes: pieces.reduce((n, p) => n + p.length, 0) },
    createdBy,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    progress: { checked: false, step: 0 },
  };
  return { job, pieces, now };
}

/**
 * The lines of a statement file, read now so a file no parser can read is refused at once (its
 * lines are checked by the job). Errors: NotFound naming `bankAccountId`, ValidationError naming
 * `data` (InvalidStatement).
 */
async function statementLines(queue: ImportQueue, companyId: string, input: CreateImportInput): Promise<number> {
  const currency = await queue.bankCurrency(companyId, input.bankAccountId!);
  if (!currency) throw new NotFound('The bank account', 'bankAccountId');
  const { parsedBankFile } = await import('../reconciliation/parse-file.ts');
  const parsed = await parsedBankFile(input.format, String(input.data), input.statement, currency);
  if (parsed.statements.length === 0) {
    const first = parsed.errors[0];
    throw ValidationError.field('data', `holds no statement that can be read${first ? `: ${first.field} (row ${first.row}) ${first.reason}` : ''}`, 'InvalidStatement');
  }
  return parsed.statements.reduce((n, s) => n + s.lines.length, 0);
}
