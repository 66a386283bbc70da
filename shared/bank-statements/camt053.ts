import { readStatement } from './camt053-statement.ts';
import { children } from '../text/xml-elements.ts';
import { readXml } from './camt053-xml.ts';
import { tooLarge, tooManyLines, withoutBom } from './file-bounds.ts';
import type { ParseResult } from './records.ts';
import { finishStatements, refused, type StatementDraft } from './statement-checks.ts';

/**
 * An ISO 20022 camt.053 file (BankToCustomerStatement, any version: .001.02 and later name the
 * elements read here alike) as its statements (pure). Never throws on bad input: the problems
 * come back as errors naming the element path.
 */
const ROOT = 'Document/BkToCstmrStmt';

export function parseCamt053(file: string): ParseResult {
  const large = tooLarge(file);
  if (large) return refused(large);
  const read = readXml(withoutBom(file));
  if ('error' in read) return refused(read.error);
  const document = children(read.tree, 'Document')[0];
  if (document === undefined) return refused({ row: 0, field: 'Document', reason: 'is missing: the file is not an ISO 20022 message', code: 'InvalidStatement' });
  const report = children(document, 'BkToCstmrStmt')[0];
  if (report === undefined) return refused({ row: 0, field: ROOT, reason: 'is missing: the file is not a camt.053 bank-to-customer statement', code: 'InvalidStatement' });
  const statements = children(report, 'Stmt');
  if (statements.length === 0) return refused({ row: 0, field: `${ROOT}/Stmt`, reason: 'is missing: the file holds no statement', code: 'InvalidStatement' });
  const entries = statements.reduce<number>((count, stmt) => count + children(stmt, 'Ntry').length, 0);
  const many = tooManyLines(entries);
  if (many) return refused(many);

  const drafts: StatementDraft[] = [];
  let firstRow = 1;
  statements.forEach((stmt, k) => {
    drafts.push(readStatement(stmt, `${ROOT}/Stmt[${k + 1}]`, firstRow));
    firstRow += children(stmt, 'Ntry').length;
  });
  return finishStatements(drafts);
}
