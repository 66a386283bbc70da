import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import * as keys from '../../../shared/db/table/keys.ts';
import { useGateway } from '../../support/api.ts';
import { csvRows, getFile, sheetValues, xlsxSheet } from '../../support/files.ts';
import { exportBooks, ok } from '../../support/export-books.ts';

/** Text the request edge refuses, written straight into a journal item, as the exports show it (test/http/exports/exports.test.ts exports what the API took). */
const gateway = useGateway();

const books = () => exportBooks(gateway.url);

describe('XLSX exports of text put in the books directly', () => {
  it('text XML cannot hold, put in the books directly (past the request edge), is U+FFFD in the journal list file, whose every part is well-formed', async () => {
    const { api, base, token, companyId } = await books();
    const [journal] = (await ok(api, `${base}/Journals?orderAsc=true&pageSize=1`)).results;
    await db().send(new UpdateCommand({ TableName: config.tableName, Key: keys.journal(companyId, journal.id), UpdateExpression: 'SET description = :d, #r = :r', ExpressionAttributeNames: { '#r': 'reference' }, ExpressionAttributeValues: { ':d': 'Sale \uFFFF\uFFFE\u0001', ':r': 'R\uD800' } }));

    const xlsx = (await getFile(gateway.url(), token, `${base}/Journals?format=xlsx`)).bytes;
    const csv = (await getFile(gateway.url(), token, `${base}/Journals?format=csv`)).bytes;

    // xlsxSheet parses every XML part with a strict parser first.
    const [, first] = sheetValues(await xlsxSheet(xlsx));
    expect([first![5], first![6]]).toEqual(['Sale \uFFFD\uFFFD\uFFFD', 'R\uFFFD']);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(csv)).not.toThrow();
    expect(csvRows(csv)[1]!.slice(5, 7)).toEqual(['Sale \uFFFF\uFFFE\u0001', 'R\uFFFD']);
  });
});
