import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '../../../shared/config.ts';
import { db } from '../../../shared/db/table/client.ts';
import { ledgerKeys } from '../../../shared/db/table/keys.ts';
import { rebuildCompanyLedger } from '../../../shared/db/migrations/ledger-rebuild.ts';
import { useGateway } from '../../support/api.ts';
import { companyBooks, credit, debit, postedJournal } from '../../support/ledger.ts';
import { balanceItems, ledgerItems } from '../support/spread-items.ts';
import { inCurrency, ledger, money, trial } from '../../support/currency-reports.ts';
import { postingFigures } from '../../../shared/journals/posting-figures.ts';

/**
 * Foreign-currency reports over items from before currencies, and over currency figures rebuilt
 * from the journals (test/http/reports/foreign-currency-reports.test.ts reports what the API posted).
 */
const gateway = useGateway();

const books = () => companyBooks(gateway.url);

describe('general ledger of foreign-currency lines', () => {
  it('shows lines of journals without currency fields, and ledger items kept before currencies, as base lines', async () => {
    const { api, base, companyId, chart } = await books();
    await postedJournal(api, base, '2026-01-15', [debit(chart.cash.id, '1000.10', chart.hq.id), credit(chart.sales.id, '1000.10', chart.hq.id)]);
    const expected = [['SAR', '1000.10', '1', '1000.10', '1000.10']];
    expect((await ledger(api, base, chart.cash.id)).results.map(money)).toEqual(expected);

    // A ledger item as written before lines had currencies: no currency on its lines.
    const [item] = await ledgerItems(companyId, ledgerKeys.ledgerPrefix(chart.cash.id));
    await db().send(new UpdateCommand({ TableName: config.tableName, Key: { pk: item!.pk, sk: item!.sk }, UpdateExpression: 'REMOVE #lines[0].currency', ExpressionAttributeNames: { '#lines': 'lines' } }));

    expect((await ledger(api, base, chart.cash.id)).results.map(money)).toEqual(expected);
  });
});

describe('trial balance in foreign currencies', () => {
  it('rebuilds the currency balances from the posted journals', async () => {
    const { api, base, companyId, chart } = await books();
    await postedJournal(api, base, '2026-01-15', [inCurrency(debit(chart.bank.id, '100'), 'USD', '3.75'), inCurrency(debit(chart.cash.id, '10.005'), 'KWD', '12.25'), credit(chart.sales.id, '497.56')]);
    await postedJournal(api, base, '2026-02-03', [debit(chart.rent.id, '37.50'), inCurrency(credit(chart.bank.id, '10'), 'USD', '3.75')]);
    const before = await trial(api, base, '2026-01-10', '2026-02-05');
    expect(before.rows.find((r: { accountId: string }) => r.accountId === chart.bank.id).currencies).toHaveLength(1);

    // The currency figures wiped from the account total items.
    for (const item of await balanceItems(companyId, 'BAL#T#')) {
      const figures = Object.keys(item).filter((name) => /^[A-Z]{3}:[dcb]$/.test(name));
      if (figures.length === 0) continue;
      const names = Object.fromEntries(figures.map((name, i) => [`#f${i}`, name]));
      await db().send(new UpdateCommand({ TableName: config.tableName, Key: { pk: item.pk, sk: item.sk }, UpdateExpression: `REMOVE ${Object.keys(names).join(', ')}`, ExpressionAttributeNames: names }));
    }
    expect(await trial(api, base, '2026-01-10', '2026-02-05')).not.toEqual(before);

    await rebuildCompanyLedger(companyId, postingFigures);
    expect(await trial(api, base, '2026-01-10', '2026-02-05')).toEqual(before);
  });
});
