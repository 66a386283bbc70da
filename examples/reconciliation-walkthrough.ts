import createClient from 'openapi-fetch';
import type { paths } from './client/schema.d.ts';

/**
 * A bank reconciliation with the typed client: a company marks its bank account (IBAN checked),
 * imports the bank's camt.053 statement for April, lets the matching rules pair its lines with
 * the books, and reads the reconciliation: the one difference is a fee the books do not have
 * yet; a journal made from its statement line, posted and matched at once, reconciles the account.
 *
 *   npm start                                                    # in one shell
 *   TOKEN=$(npm run -s token -- --email you@example.com) npm run reconciliation-walkthrough
 *
 * It finds the running stack as `npm run token` does; LEDGER_URL sends it to another address.
 */
type Log = (line: string) => void;

const IBAN = 'SA0380000000608010167519';

/** April's statement as the bank sends it (ISO 20022 camt.053.001.02): a customer's payment, the rent, a fee. */
const entry = (ref: string, amount: string, mark: 'CRDT' | 'DBIT', day: string, info: string) => `
      <Ntry>
        <Amt Ccy="SAR">${amount}</Amt><CdtDbtInd>${mark}</CdtDbtInd><Sts>BOOK</Sts>
        <BookgDt><Dt>${day}</Dt></BookgDt><ValDt><Dt>${day}</Dt></ValDt>
        <AcctSvcrRef>${ref}</AcctSvcrRef>
        <NtryDtls><TxDtls><RmtInf><Ustrd>${info}</Ustrd></RmtInf></TxDtls></NtryDtls>
      </Ntry>`;
const balance = (code: string, amount: string, day: string) => `
      <Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="SAR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>`;
export const APRIL_CAMT053 = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>SNB-053-20260430</MsgId><CreDtTm>2026-04-30T23:00:00+03:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>SNB-2026-04</Id>
      <Acct><Id><IBAN>${IBAN}</IBAN></Id><Ccy>SAR</Ccy></Acct>${balance('OPBD', '50000.00', '2026-04-01')}${balance('CLBD', '58975.00', '2026-04-30')}${entry('SNB-0406-001', '11500.00', 'CRDT', '2026-04-06', 'Payment of invoice INV-2041')}${entry('SNB-0410-002', '2500.00', 'DBIT', '2026-04-10', 'Office rent April RENT-04')}${entry('SNB-0420-003', '25.00', 'DBIT', '2026-04-20', 'Monthly account fee')}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;

export async function reconciliationWalkthrough(baseUrl: string, token: string, log: Log = console.log) {
  const api = createClient<paths, 'application/json'>({ baseUrl, headers: { authorization: `Bearer ${token}` } });
  const ok = <T>(result: { data?: T; error?: unknown; response: Response }): T => {
    if (result.error !== undefined || result.data === undefined) throw new Error(`${result.response.status} ${JSON.stringify(result.error)}`);
    return result.data;
  };
  const name = (english: string, arabic: string) => ({ english, arabic });
  const company = ok(await api.POST('/api/v1/Companies', { body: { name: 'Riyadh Office Supplies', baseCurrency: 'SAR' } }));
  const companyId = company.id;
  const path = { path: { companyId } };
  const category = async (code: string, english: string, arabic: string, classification: 'asset' | 'equity' | 'revenue' | 'expense') =>
    ok(await api.POST('/api/v1/Companies/{companyId}/Accounts', { params: path, body: { code, name: name(english, arabic), type: 'category', classification } }));
  const leaf = async (code: string, english: string, arabic: string, parent: { id: string }) => ok(await api.POST('/api/v1/Companies/{companyId}/Accounts', { params: path, body: { code, name: name(english, arabic), type: 'leaf', parentId: parent.id } }));
  const bank = await leaf('1102', 'Bank', 'البنك', await category('1', 'Assets', 'الأصول', 'asset'));
  const capital = await leaf('3101', 'Capital', 'رأس المال', await category('3', 'Equity', 'حقوق الملكية', 'equity'));
  const sales = await leaf('4101', 'Sales', 'المبيعات', await category('4', 'Revenue', 'الإيرادات', 'revenue'));
  const expenses = await category('5', 'Expenses', 'المصروفات', 'expense');
  const [rent, fees] = [await leaf('5101', 'Rent', 'الإيجار', expenses), await leaf('5102', 'Bank charges', 'رسوم بنكية', expenses)];
  ok(await api.POST('/api/v1/Companies/{companyId}/FinancialYears', { params: path, body: { startDate: '2026-01-01', endDate: '2026-12-31' } }));
  const posted = async (date: string, reference: string | undefined, debit: { id: string }, credit: { id: string }, amount: number) => {
    const draft = ok(await api.POST('/api/v1/Companies/{companyId}/Journals', { params: path, body: { date, ...(reference ? { reference } : {}), entries: [{ accountId: debit.id, side: 1, amount }, { accountId: credit.id, side: 2, amount }] } }));
    return ok(await api.POST('/api/v1/Companies/{companyId}/Journals/{id}/Post', { params: { path: { companyId, id: draft.id } }, body: { postingDate: date, version: draft.version } }));
  };
  await posted('2026-04-01', undefined, bank, capital, 50000);
  await posted('2026-04-05', 'INV-2041', bank, sales, 11500);
  await posted('2026-04-09', 'RENT-04', rent, bank, 2500);

  const account = ok(await api.POST('/api/v1/Companies/{companyId}/BankAccounts', { params: path, body: { accountId: '1.1102', iban: 'SA03 8000 0000 6080 1016 7519', bankName: 'Saudi National Bank' } }));
  const bankPath = { path: { companyId, id: account.id } };
  log(`bank account 1.1102: ${account.iban} at ${account.bankName}, in ${account.currency}`);

  let job = ok(await api.POST('/api/v1/Companies/{companyId}/Imports', { params: path, body: { kind: 'bankStatements', format: 'camt053', bankAccountId: account.id, data: APRIL_CAMT053 } }));
  // The import runs in the background (the worker beside npm start takes it up within a second).
  for (let wait = 0; job.status === 'queued' || job.status === 'running'; wait++) {
    if (wait > 120) throw new Error('the import did not end within a minute');
    await new Promise((resolve) => setTimeout(resolve, 500));
    job = ok(await api.GET('/api/v1/Companies/{companyId}/Imports/{id}', { params: { path: { companyId, id: job.id } } }));
  }
  log(`statement SNB-2026-04 imported: ${job.counts.written} lines, ${job.status}`);

  const matched = ok(await api.POST('/api/v1/Companies/{companyId}/BankAccounts/{id}/AutoMatch', { params: bankPath, body: {} }));
  log(`matched by the rules: ${matched.matched} of ${matched.proposed} found`);
  for (const m of matched.matches) log(`  ${m.statementLines.join(', ')} = ${m.amount} (${m.rule})`);

  const show = async () => {
    const r = ok(await api.GET('/api/v1/Companies/{companyId}/BankAccounts/{id}/Reconciliation', { params: { ...bankPath, query: { date: '2026-04-30' } } }));
    log(`at ${r.date}: statement ${r.statementBalance}, books ${r.ledgerBalance}, difference ${r.difference}${r.reconciled ? ', reconciled' : ''}`);
    for (const l of r.unmatchedStatement.lines) log(`  on the statement only: ${l.bookingDate} ${l.amount} ${l.description} (${l.bankReference})`);
    for (const l of r.unmatchedLedger.lines) log(`  in the books only: ${l.postingDate} ${l.amount} journal #${l.serialNumber}`);
  };
  await show();
  // The fee has no journal: one is made from the statement line, posted and matched in one request.
  const made = ok(await api.POST('/api/v1/Companies/{companyId}/BankAccounts/{id}/StatementLineJournals', { params: bankPath, body: { bankReference: 'SNB-0420-003', accountId: fees.id, post: true } }));
  log(`the fee made journal #${made.journal.serialNumber}, posted and matched (${made.match?.rule}):`);
  await show();
  return { companyId, bankAccountId: account.id };
}

if (import.meta.main) {
  const token = process.env.TOKEN;
  if (!token) {
    console.error('Set TOKEN: TOKEN=$(npm run -s token -- --email you@example.com) npm run reconciliation-walkthrough');
    process.exit(2);
  }
  const { findRunningStack } = await import('../infra/local/running-stack.ts');
  const baseUrl = process.env.LEDGER_URL ?? (await findRunningStack()).api;
  await reconciliationWalkthrough(baseUrl, token);
}
