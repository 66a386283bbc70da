import type { AppError } from '../../errors.ts';
import { VersionConflict } from '../../errors.ts';
import { config } from '../../config.ts';
import type { MatchRecord, ReconciledPeriodRecord, StatementChain, StatementLineRecord, StatementRecord } from '../../reconciliation/records.ts';
import { queryAll } from '../table/query-all.ts';
import { withPrefix } from '../table/prefix-query.ts';
import { mapPage, queryPage } from '../table/paginate.ts';
import type { ListQuery, Page } from '../../schemas/list-query.ts';
import { batchGetItems } from '../table/batch-get.ts';
import { reconciliationKeys as keys } from '../table/keys.ts';
import { conditions, getItem, mainTable, recordOf, type Item } from '../table/table-ops.ts';
import type { WriteOp } from '../table/transact.ts';

/**
 * A bank account's reconciliation under a partition of its own (keys.ts, reconciliationKeys):
 * its chain of statements, the statements, their lines by the bank's reference.
 */
const LINE_FIELDS = ['companyId', 'accountId', 'bankReference', 'statementId', 'bookingDate', 'valueDate', 'amount', 'description', 'endToEndId', 'structuredReference', 'counterpartyName', 'reversal', 'opening', 'importId', 'matchId', 'journalId'] as const;
const STATEMENT_FIELDS = ['companyId', 'accountId', 'sequence', 'statementId', 'openingBalance', 'closingBalance', 'lineCount', 'importId', 'createdAt'] as const;
export const lineFromItem = (item: Item) => recordOf<StatementLineRecord>(item, LINE_FIELDS);
export const statementFromItem = (item: Item) => recordOf<StatementRecord>(item, STATEMENT_FIELDS);

export async function getStatementChain(companyId: string, accountId: string): Promise<StatementChain> {
  const item = await getItem(keys.chain(companyId, accountId), { consistent: true });
  return item ? { count: item.count as number, last: item.last as StatementChain['last'] } : { count: 0 };
}

/** Of these statement ids, those the account has, with the import that wrote each and its place in the chain. */
export async function statementsThere(companyId: string, accountId: string, statementIds: readonly string[]): Promise<Map<string, { importId: string; sequence: number }>> {
  const items = await batchGetItems([...new Set(statementIds)].map((id) => keys.statementById(companyId, accountId, id)), { consistent: true, attributes: ['statementId', 'importId', 'sequence'] });
  return new Map(items.map((i) => [i.statementId as string, { importId: i.importId as string, sequence: i.sequence as number }]));
}

/** Of these bank references, those the account has a line of, with the import that wrote each. */
export async function linesThere(companyId: string, accountId: string, bankReferences: readonly string[]): Promise<Map<string, string>> {
  const items = await batchGetItems([...new Set(bankReferences)].map((ref) => keys.line(companyId, accountId, ref)), { consistent: true, attributes: ['bankReference', 'importId'] });
  return new Map(items.map((i) => [i.bankReference as string, i.importId as string]));
}

export const lineItem = (line: StatementLineRecord): Item => ({
  ...keys.line(line.companyId, line.accountId, line.bankReference),
  ...keys.lineByDate(line.companyId, line.accountId, line.bookingDate, line.bankReference),
  entity: 'StatementLine',
  ...line,
});

export function newLineOp(line: StatementLineRecord, ifWritten: () => AppError): WriteOp {
  return mainTable.put(lineItem(line), { condition: conditions.absent, onConditionFailed: ifWritten });
}

/** The statement (by its place, and by the bank's id for it), and the chain moved on to it from the count before. */
export function statementOps(statement: StatementRecord): WriteOp[] {
  const { companyId, accountId, sequence } = statement;
  const moved = () => new VersionConflict('Another statement of this bank account was written meanwhile.');
  return [
    mainTable.put({ ...keys.statement(companyId, accountId, sequence), entity: 'Statement', ...statement }, { condition: conditions.absent, onConditionFailed: moved }),
    mainTable.put({ ...keys.statementById(companyId, accountId, statement.statementId), entity: 'StatementId', statementId: statement.statementId, sequence, importId: statement.importId }, { condition: conditions.absent, onConditionFailed: moved }),
    mainTable.put(
      { ...keys.chain(companyId, accountId), entity: 'StatementChain', count: sequence, last: { statementId: statement.statementId, closingBalance: statement.closingBalance } },
      {
        condition: sequence === 1 ? conditions.absent : { expression: '#count = :before', names: { '#count': 'count' }, values: { ':before': sequence - 1 } },
        onConditionFailed: moved,
      },
    ),
  ];
}

const MATCH_FIELDS = ['companyId', 'accountId', 'matchId', 'statementLines', 'ledgerLines', 'amount', 'rule', 'reason', 'difference', 'matchedBy', 'matchedAt', 'version'] as const;
const matchFromItem = (item: Item) => recordOf<MatchRecord>(item, MATCH_FIELDS);

/** The account's lines with these bank references that exist (strongly consistent). */
export async function getLines(companyId: string, accountId: string, bankReferences: readonly string[]): Promise<StatementLineRecord[]> {
  return (await batchGetItems([...new Set(bankReferences)].map((ref) => keys.line(companyId, accountId, ref)), { consistent: true })).map(lineFromItem);
}

export async function getMatch(companyId: string, accountId: string, matchId: string): Promise<MatchRecord | undefined> {
  const item = await getItem(keys.match(companyId, accountId, matchId), { consistent: true });
  return item && matchFromItem(item);
}

export async function getMatches(companyId: string, accountId: string, matchIds: readonly string[]): Promise<MatchRecord[]> {
  return (await batchGetItems(matchIds.map((id) => keys.match(companyId, accountId, id)), { consistent: true })).map(matchFromItem);
}

/** The match, each statement line taken (present, held by no match) and each ledger line claimed (by no other match): all or nothing. */
export function matchOps(match: MatchRecord, taken: () => AppError): WriteOp[] {
  const { companyId, accountId, matchId } = match;
  return [
    mainTable.put({ ...keys.match(companyId, accountId, matchId), entity: 'Match', ...match }, { condition: conditions.absent }),
    ...match.statementLines.map((ref) =>
      mainTable.update(
        keys.line(companyId, accountId, ref),
        { expression: 'SET matchId = :match', values: { ':match': matchId } },
        { condition: { expression: 'attribute_exists(pk) AND attribute_not_exists(matchId)' }, onConditionFailed: taken },
      ),
    ),
    ...match.ledgerLines.map((l) => mainTable.put({ ...keys.ledgerClaim(companyId, accountId, l.journalId, l.line), entity: 'LedgerClaim', matchId }, { condition: conditions.absent, onConditionFailed: taken })),
  ];
}

/**
 * The line linked to the journal made from it, while no match holds it and it still names the
 * journal it named when read (`before`: none, or one since voided), else `taken`.
 */
export function lineJournalOp(line: Pick<StatementLineRecord, 'companyId' | 'accountId' | 'bankReference'>, journalId: string, before: string | undefined, taken: () => AppError): WriteOp {
  const as = before ? { expression: 'attribute_exists(pk) AND attribute_not_exists(matchId) AND journalId = :before', values: { ':before': before } } : { expression: 'attribute_exists(pk) AND attribute_not_exists(matchId) AND attribute_not_exists(journalId)' };
  return mainTable.update(keys.line(line.companyId, line.accountId, line.bankReference), { expression: 'SET journalId = :journal', values: { ':journal': journalId } }, { condition: as, onConditionFailed: taken });
}

/** The match deleted at its version, its lines freed and its claims dropped (each still its own). */
export function unmatchOps(match: MatchRecord): WriteOp[] {
  const { companyId, accountId, matchId } = match;
  const changed = () => new VersionConflict('The match changed meanwhile; read it again.');
  const ours = { expression: 'matchId = :match', values: { ':match': matchId } };
  return [
    mainTable.delete(keys.match(companyId, accountId, matchId), { condition: conditions.atVersion(match.version), onConditionFailed: changed }),
    ...match.statementLines.map((ref) => mainTable.update(keys.line(companyId, accountId, ref), { expression: 'REMOVE matchId' }, { condition: ours, onConditionFailed: changed })),
    ...match.ledgerLines.map((l) => mainTable.delete(keys.ledgerClaim(companyId, accountId, l.journalId, l.line), { condition: ours, onConditionFailed: changed })),
  ];
}

/**
 * The ids of the account's statements written after `instant` (their `createdAt`), at most
 * `limit + 1`: read from the last statement back, to the first written at or before it (a
 * statement continues the chain only once the one before it is written, so `createdAt` never
 * falls along it).
 */
export async function statementsAfter(companyId: string, accountId: string, instant: string, limit: number): Promise<string[]> {
  const found: string[] = [];
  for await (const item of queryAll({
    TableName: config.tableName,
    ...withPrefix(keys.partition(companyId, accountId), keys.statementsPrefix()),
    ScanIndexForward: false,
    ConsistentRead: true,
    ProjectionExpression: 'statementId, createdAt',
  })) {
    if ((item.createdAt as string) <= instant) break;
    found.push(item.statementId as string);
    if (found.length > limit) break;
  }
  return found;
}

/** The account's statement lines booked on or before `date`, in booking order, at most `limit + 1`. */
export async function linesUpTo(companyId: string, accountId: string, date: string, limit: number): Promise<StatementLineRecord[]> {
  const found: StatementLineRecord[] = [];
  for await (const item of queryAll({
    TableName: config.tableName,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :to',
    ExpressionAttributeValues: { ':pk': keys.linesByDatePartition(companyId, accountId), ':to': `${date}~` },
  })) {
    found.push(lineFromItem(item));
    if (found.length > limit) break;
  }
  return found;
}

/** A page of the account's statement lines by booking date, within the dates, only the unmatched ones when asked (at most 5,000 examined a request). */
export async function linesPage(companyId: string, accountId: string, query: ListQuery & { dateFrom?: string | undefined; dateTo?: string | undefined; unmatched?: boolean | undefined }): Promise<Page<StatementLineRecord>> {
  const page = await queryPage({
    index: 'gsi1',
    partition: keys.linesByDatePartition(companyId, accountId),
    pageSize: query.pageSize,
    page: query.page,
    binding: { companyId, endpoint: 'bankAccounts.statementLines', orderBy: query.orderBy, orderAsc: query.orderAsc, filters: { accountId, dateFrom: query.dateFrom, dateTo: query.dateTo, unmatched: query.unmatched } },
    range: { from: query.dateFrom ?? '0000', to: `${query.dateTo ?? '9999'}~` },
    ...(query.unmatched ? { filter: { FilterExpression: 'attribute_not_exists(matchId)' }, examine: { items: 5_000, reads: 10 } } : {}),
  });
  return mapPage(page, lineFromItem);
}

const PERIOD_FIELDS = ['companyId', 'accountId', 'date', 'statementBalance', 'ledgerBalance', 'unmatchedStatement', 'unmatchedLedger', 'itemsDigest', 'reconciledBy', 'reconciledAt'] as const;

/** The periods marked reconciled on or before `date` (and, given `markedBy`, marked at or before that instant), the latest first, at most `limit`. */
export async function reconciledPeriods(companyId: string, accountId: string, date: string, limit: number, markedBy?: string): Promise<ReconciledPeriodRecord[]> {
  const found: ReconciledPeriodRecord[] = [];
  for await (const item of queryAll({
    TableName: config.tableName,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.partition(companyId, accountId), ':from': keys.reconciledPrefix(), ':to': `${keys.reconciledPrefix()}${date}`, ...(markedBy ? { ':by': markedBy } : {}) },
    ...(markedBy ? { FilterExpression: 'reconciledAt <= :by' } : {}),
    ScanIndexForward: false,
    ConsistentRead: true,
    Limit: limit,
  })) {
    found.push(recordOf<ReconciledPeriodRecord>(item, PERIOD_FIELDS));
    if (found.length >= limit) break;
  }
  return found;
}

export function reconciledOp(record: ReconciledPeriodRecord, again: () => AppError): WriteOp {
  return mainTable.put({ ...keys.reconciled(record.companyId, record.accountId, record.date), entity: 'ReconciledPeriod', ...record }, { condition: conditions.absent, onConditionFailed: again });
}

/** The ledger lines some match of the account claims, as `<journalId>#<line>` (their claim items' keys only). */
export async function claimedLedgerLines(companyId: string, accountId: string): Promise<Set<string>> {
  const claimed = new Set<string>();
  for await (const item of queryAll({ TableName: config.tableName, ...withPrefix(keys.partition(companyId, accountId), 'CLAIM#'), ConsistentRead: true, ProjectionExpression: 'sk' })) {
    claimed.add((item.sk as string).slice('CLAIM#'.length));
  }
  return claimed;
}
