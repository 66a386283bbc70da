import createClient from 'openapi-fetch';
import type { paths } from './client/schema.d.ts';

/**
 * Four eyes with the typed client: a company's owner sets an approval policy (journals of
 * 10,000.00 and more need another person's approval), enters such a journal, sees Post and their
 * own approval refused, and a colleague's approval let it through.
 *
 *   npm start                                            # in one shell
 *   TOKEN=$(npm run -s token -- --email you@example.com) \
 *   REVIEWER_TOKEN=$(npm run -s token -- --email reviewer@example.com) npm run approvals-walkthrough
 *
 * It finds the running stack as `npm run token` does; LEDGER_URL sends it to another address.
 */
type Log = (line: string) => void;

export async function approvalsWalkthrough(baseUrl: string, tokens: { owner: string; reviewer: string }, reviewerEmail: string, log: Log = console.log) {
  const as = (token: string) => createClient<paths, 'application/json'>({ baseUrl, headers: { authorization: `Bearer ${token}` } });
  const [api, reviewer] = [as(tokens.owner), as(tokens.reviewer)];
  const ok = <T>(result: { data?: T; error?: unknown; response: Response }): T => {
    if (result.error !== undefined || result.data === undefined) throw new Error(`${result.response.status} ${JSON.stringify(result.error)}`);
    return result.data;
  };
  const refusal = (result: { error?: unknown; response: Response }) => {
    const item = (result.error as { errors: Array<{ code: string; reason: string }> }).errors[0]!;
    return `${result.response.status} ${item.code}: ${item.reason}`;
  };
  const name = (english: string, arabic: string) => ({ english, arabic });

  const company = ok(await api.POST('/api/v1/Companies', { body: { name: 'Jeddah Foods', baseCurrency: 'SAR' } }));
  const companyId = company.id;
  const path = { path: { companyId } };
  const account = async (code: string, english: string, arabic: string, parent: { id: string } | null, classification?: 'asset' | 'expense') =>
    ok(await api.POST('/api/v1/Companies/{companyId}/Accounts', { params: path, body: { code, name: name(english, arabic), type: parent ? 'leaf' : 'category', ...(parent ? { parentId: parent.id } : { classification }) } }));
  const bank = await account('1102', 'Bank', 'البنك', await account('1', 'Assets', 'الأصول', null, 'asset'));
  const rent = await account('5101', 'Rent', 'الإيجار', await account('5', 'Expenses', 'المصروفات', null, 'expense'));
  ok(await api.POST('/api/v1/Companies/{companyId}/FinancialYears', { params: path, body: { startDate: '2026-01-01', endDate: '2026-12-31' } }));
  const approverRole = ok(await api.POST('/api/v1/Companies/{companyId}/Roles', { params: path, body: { name: 'Approver', permissions: ['journals:read', 'journals:approve'] } }));
  ok(await api.POST('/api/v1/Companies/{companyId}/Members', { params: path, body: { email: reviewerEmail, roleId: approverRole.id } }));
  const emails = new Map(ok(await api.GET('/api/v1/Companies/{companyId}/Members', { params: path })).results.map((m) => [m.userId, m.email]));
  const who = (actor: { id: string } | null) => (actor ? (emails.get(actor.id) ?? actor.id) : 'nobody');

  const policy = ok(await api.PUT('/api/v1/Companies/{companyId}/ApprovalPolicy', { params: path, body: { rules: [{ name: 'Large journals', minAmount: '10000', approvers: 1 }], version: 0 } }));
  log(`approval policy v${policy.version}: ${policy.rules.map((r) => `"${r.name}" from ${r.minAmount}, ${r.approvers} approver`).join('; ')}`);

  const draft = ok(await api.POST('/api/v1/Companies/{companyId}/Journals', { params: path, body: { date: '2026-04-01', description: 'Warehouse rent, Q2', entries: [{ accountId: rent.id, side: 1, amount: 12000 }, { accountId: bank.id, side: 2, amount: 12000 }] } }));
  const journal = { path: { companyId, id: draft.id } };
  log(`journal #${draft.serialNumber} ${draft.description}: ${draft.totals.debit.toFixed(2)}, ${draft.status}`);
  log(`post it at once: ${refusal(await api.POST('/api/v1/Companies/{companyId}/Journals/{id}/Post', { params: journal, body: { postingDate: '2026-04-01', version: draft.version } }))}`);
  const submitted = ok(await api.POST('/api/v1/Companies/{companyId}/Journals/{id}/Submit', { params: journal, body: { version: draft.version } }));
  log(`submitted by ${who(submitted.submittedBy)}: ${submitted.status}`);
  log(`approve it yourself: ${refusal(await api.POST('/api/v1/Companies/{companyId}/Journals/{id}/Approve', { params: journal, body: { version: submitted.version } }))}`);
  const approved = ok(await reviewer.POST('/api/v1/Companies/{companyId}/Journals/{id}/Approve', { params: journal, body: { version: submitted.version } }));
  log(`approved by ${who(approved.approvedBy)}: ${approved.status}`);
  const posted = ok(await api.POST('/api/v1/Companies/{companyId}/Journals/{id}/Post', { params: journal, body: { postingDate: '2026-04-01', version: approved.version } }));
  log(`posted: entered by ${who(posted.createdBy)}, approved by ${who(posted.approvedBy)}, posted by ${who(posted.postedBy)}`);
  return { companyId, posted };
}

if (import.meta.main) {
  const [owner, reviewer] = [process.env.TOKEN, process.env.REVIEWER_TOKEN];
  if (!owner || !reviewer) {
    console.error('Set TOKEN and REVIEWER_TOKEN: TOKEN=$(npm run -s token -- --email you@example.com) REVIEWER_TOKEN=$(npm run -s token -- --email reviewer@example.com) npm run approvals-walkthrough');
    process.exit(2);
  }
  const { findRunningStack } = await import('../infra/local/running-stack.ts');
  const baseUrl = process.env.LEDGER_URL ?? (await findRunningStack()).api;
  await approvalsWalkthrough(baseUrl, { owner, reviewer }, process.env.REVIEWER_EMAIL ?? 'reviewer@example.com');
}
