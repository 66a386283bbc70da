import { config } from '../../config.ts';
import { VersionConflict } from '../../errors.ts';
import type { AuthoredJournal, Authors } from '../../journals/authors-from-history.ts';
import * as keys from '../table/keys.ts';
import { onlyAttributes, withPrefix } from '../table/prefix-query.ts';
import { queryAll } from '../table/query-all.ts';
import { conditions, getItem, mainTable, recordOf, type Expr } from '../table/table-ops.ts';
import { transactWrite } from '../table/transact.ts';

/**
 * Storage of the filling of who-did-what from history (journals/fill-authors.ts): journals
 * written before the service kept it, found a page at a time, and their fields set in place,
 * with the marker naming them (`authorsFromHistory`). Not a layout (ledger-rebuild.ts): the
 * code reads journals with or without these fields, and each write is conditional, so it runs
 * while the company is in use (infra/ops/fill-journal-authors.ts).
 */

const MARKER = 'authorsFromHistory';
/** What the filling reads of a journal: not its lines. */
const AUTHORED_FIELDS: Array<keyof AuthoredJournal> = ['id', 'version', 'reversalOf', MARKER, 'createdBy', 'editedBy', 'updatedBy', 'postedBy', 'postedAt', 'voidedBy', 'voidedAt'];

/** The company's journals lacking `createdBy` and never filled: each of its journal keys read in turn, a page at a time. */
export async function* journalsLackingAuthors(companyId: string): AsyncGenerator<AuthoredJournal> {
  const projection = onlyAttributes(AUTHORED_FIELDS);
  for (const pk of keys.journalPartitions(companyId)) {
    const lacking = queryAll({
      TableName: config.tableName,
      ...withPrefix(pk, keys.journalsPrefix()),
      ...projection,
      FilterExpression: 'attribute_not_exists(#createdBy) AND attribute_not_exists(#marker)',
      ExpressionAttributeNames: { ...projection.ExpressionAttributeNames, '#createdBy': 'createdBy', '#marker': MARKER },
      ConsistentRead: true,
    });
    for await (const item of lacking) yield recordOf<AuthoredJournal>(item, AUTHORED_FIELDS);
  }
}

/** A journal's who-did-what as it stands (strongly consistent), or undefined when it is gone. */
export async function journalAuthors(companyId: string, journalId: string): Promise<AuthoredJournal | undefined> {
  const item = await getItem(keys.journal(companyId, journalId), { consistent: true });
  return item && recordOf<AuthoredJournal>(item, AUTHORED_FIELDS);
}

/**
 * Sets the fields and the marker naming them, conditionally on the journal's version as read and
 * on none of them (nor the marker) being there; false when that no longer holds.
 */
export async function fillAuthors(companyId: string, journal: AuthoredJournal, fill: Authors): Promise<boolean> {
  const fields = Object.entries(fill);
  const names = Object.fromEntries([...fields.map(([field], i) => [`#f${i}`, field]), ['#marker', MARKER]]);
  const values = Object.fromEntries([...fields.map(([, value], i) => [`:f${i}`, value]), [':marker', fields.map(([field]) => field)]]);
  const update: Expr = { expression: `SET ${fields.map((_, i) => `#f${i} = :f${i}`).join(', ')}, #marker = :marker`, names, values };
  const untouched: Expr = { expression: ['#marker', ...fields.map((_, i) => `#f${i}`)].map((name) => `attribute_not_exists(${name})`).join(' AND '), names };
  try {
    await transactWrite([mainTable.update(keys.journal(companyId, journal.id), update, { condition: conditions.all(conditions.present, conditions.atVersion(journal.version), untouched) })]);
    return true;
  } catch (error) {
    if (error instanceof VersionConflict) return false;
    throw error;
  }
}
