import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/auth/permissions.ts';
import { signedInUser, useGateway } from '../../support/api.ts';
import { addMember } from '../../support/company-access.ts';
import { companyBooks } from '../../support/ledger.ts';

/** Bank accounts: a leaf account marked with its IBAN and bank, in the account's currency. */
const gateway = useGateway();
const role = (name: string) => ROLES.find((r) => r.name === name)!.id;
// Saudi and UAE IBANs with valid check digits.
const SA_IBAN = 'SA03 8000 0000 6080 1016 7519';
const AE_IBAN = 'AE070331234567890123456';

describe('bank accounts', () => {
  it('marks a leaf account, by path, with its IBAN in electronic form and the currency of its account', async () => {
    const { api, base, chart } = await companyBooks(gateway.url);
    const made = await api.post(`${base}/BankAccounts`, { accountId: chart.bank.path, iban: SA_IBAN.toLowerCase(), bankName: 'Saudi National Bank' });
    expect(made.status, made.text).toBe(200);
    expect(made.body).toMatchObject({ id: chart.bank.id, accountId: chart.bank.id, iban: 'SA0380000000608010167519', bankName: 'Saudi National Bank', currency: 'SAR', version: 1 });

    const usd = (await api.post(`${base}/Accounts`, { code: '1103', name: { english: 'USD account', arabic: 'حساب دولار' }, type: 'leaf', parentId: chart.assets.id, currency: 'USD' })).body;
    const dollars = await api.post(`${base}/BankAccounts`, { accountId: usd.id, iban: AE_IBAN, bankName: 'Emirates NBD', currency: 'USD' });
    expect(dollars.body).toMatchObject({ currency: 'USD', iban: AE_IBAN });

    expect((await api.get(`${base}/BankAccounts/${chart.bank.id}`)).body).toEqual(made.body);
    expect((await api.get(`${base}/BankAccounts?orderAsc=true`)).body.results.map((b: { id: string }) => b.id)).toEqual([chart.bank.id, usd.id]);
    const changed = await api.put(`${base}/BankAccounts/${chart.bank.id}`, { iban: 'SA4420000001234567891234', bankName: 'Riyad Bank', version: 1 });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ iban: 'SA4420000001234567891234', bankName: 'Riyad Bank', version: 2 });
    expect((await api.put(`${base}/BankAccounts/${chart.bank.id}`, { iban: SA_IBAN, bankName: 'Late', version: 1 })).status).toBe(409);
  });

  it('refuses a mistyped IBAN, a category, another currency, a second bank account on one account, and deleting a bank account’s account, naming the field', async () => {
    const { api, base, chart } = await companyBooks(gateway.url);
    const refusal = async (body: Record<string, unknown>) => {
      const r = await api.post(`${base}/BankAccounts`, { accountId: chart.bank.id, iban: SA_IBAN, bankName: 'SNB', ...body });
      return { status: r.status, ...r.body.errors?.[0] };
    };
    expect(await refusal({ iban: 'SA03 8000 0000 6080 1016 7518' })).toMatchObject({ status: 400, name: 'iban', reason: expect.stringContaining('check digits') });
    expect(await refusal({ iban: 'SA03 8000' })).toMatchObject({ status: 400, name: 'iban' });
    expect(await refusal({ iban: 'XX0380000000608010167519' })).toMatchObject({ status: 400, name: 'iban' });
    expect(await refusal({ accountId: chart.assets.id })).toMatchObject({ status: 400, name: 'accountId', code: 'CategoryAccount' });
    expect(await refusal({ accountId: '9.99' })).toMatchObject({ status: 404, name: 'accountId' });
    expect(await refusal({ currency: 'USD' })).toMatchObject({ status: 400, name: 'currency', code: 'CurrencyMismatch', reason: expect.stringContaining('SAR') });
    expect((await api.get(`${base}/BankAccounts`)).body.results).toEqual([]);

    expect((await api.post(`${base}/BankAccounts`, { accountId: chart.bank.id, iban: SA_IBAN, bankName: 'SNB' })).status).toBe(200);
    expect(await refusal({})).toMatchObject({ status: 409, name: 'accountId', code: 'AlreadyBankAccount' });
    const account = (await api.get(`${base}/Accounts/${chart.bank.id}`)).body;
    const deleted = await api.delete(`${base}/Accounts/${chart.bank.id}`, { version: account.version });
    expect(deleted.status).toBe(409);
    expect(deleted.body.errors[0].code).toBe('BankAccountNamed');
    // Another leaf, not a bank account, is deleted as before.
    expect((await api.delete(`${base}/Accounts/${chart.cash.id}`, { version: chart.cash.version })).status).toBe(200);
  });

  it('lets the accountant keep bank accounts and the viewer read them', async () => {
    const { api, base, chart } = await companyBooks(gateway.url);
    const [accountant, viewer] = [await signedInUser(gateway.url), await signedInUser(gateway.url)];
    await addMember(api, base, accountant.user.email, role('accountant'));
    await addMember(api, base, viewer.user.email, role('viewer'));
    expect((await viewer.api.post(`${base}/BankAccounts`, { accountId: chart.bank.id, iban: SA_IBAN, bankName: 'SNB' })).status).toBe(403);
    expect((await accountant.api.post(`${base}/BankAccounts`, { accountId: chart.bank.id, iban: SA_IBAN, bankName: 'SNB' })).status).toBe(200);
    expect((await viewer.api.get(`${base}/BankAccounts/${chart.bank.id}`)).body).toMatchObject({ bankName: 'SNB' });
  });
});
