import { randomUUID } from 'node:crypto';
import { drawSerial, mustGetJournal, putNewJournalOp, replaceJournalOp, type DraftJournal } from '../db/journal-store.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import { getSettings } from '../companies/settings.ts';
import { VersionConflict } from '../errors.ts';
import { precisionUnchangedOp } from '../db/settings-store.ts';
import { draftDateChecks } from './find-period.ts';
import { referenceOps } from './reference-ops.ts';
import { resolveLines } from './resolve-lines.ts';
import { calendarDate, checkTransition, checkWidth } from './rules.ts';
import type { CreateJournalInput, UpdateJournalInput } from './schemas.ts';
import { journalView, type JournalView } from './views.ts';

/**
 * The resolved lines, and the writes that check at commit what they were checked against: the
 * currency precision of the amounts, and that the year of the date still takes drafts.
 */
async function linesOf(companyId: string, input: CreateJournalInput) {
  const { decimalPrecision } = await getSettings(companyId);
  const [lines, dateChecks] = await Promise.all([
    resolveLines(companyId, input.entries, decimalPrecision),
    draftDateChecks(companyId, calendarDate(input.date)),
  ]);
  checkWidth(lines);
  return { lines, checks: [precisionUnchangedOp(companyId, decimalPrecision), ...dateChecks] };
}

/**
 * Creates a draft journal with the next serial number. Every reference is resolved and
 * checked before anything is written. Errors: NotFound and ValidationError naming the line.
 */
export async function createJournal(uow: UnitOfWork, companyId: string, input: CreateJournalInput): Promise<JournalView> {
  const { lines, checks } = await linesOf(companyId, input);
  const id = randomUUID();
  const now = new Date().toISOString();
  const journal: DraftJournal = {
    id,
    serialNumber: await drawSerial(companyId),
    date: input.date,
    calendarDate: calendarDate(input.date),
    description: input.description,
    reference: input.reference,
    entries: lines,
    status: 'draft',
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  return uow.commit([putNewJournalOp(companyId, journal), ...checks, ...referenceOps(companyId, id, lines, [])], journalView(journal));
}

/** Replaces a draft's date, lines and texts, versioned. Errors: NotFound, VersionConflict, StateConflict, ValidationError. */
export async function updateJournal(uow: UnitOfWork, companyId: string, journalId: string, input: UpdateJournalInput): Promise<JournalView> {
  const before = await mustGetJournal(companyId, journalId);
  if (before.version !== input.version) throw new VersionConflict();
  checkTransition(before, 'Update');
  const { lines, checks } = await linesOf(companyId, input);
  const after: DraftJournal = {
    ...before,
    date: input.date,
    calendarDate: calendarDate(input.date),
    description: input.description,
    reference: input.reference,
    entries: lines,
    version: before.version + 1,
    updatedAt: new Date().toISOString(),
  };
  return uow.commit(
    [replaceJournalOp(companyId, before, after), ...checks, ...referenceOps(companyId, journalId, lines, before.entries)],
    journalView(after),
  );
}
