import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/auth/permissions.ts';
import { client, signedInUser, useGateway, type Client } from '../../support/api.ts';
import { addApiKey, addMember } from '../../support/company-access.ts';
import { companyBooks, credit, debit } from '../../support/ledger.ts';

/**
 * Four eyes under random policies, principals and operations: every answer is the one a naive
 * model of the rules predicts (so no journal is posted against the policy in force and nobody
 * approves their own journal), and the segregation report lists exactly the model's exceptions.
 * PROPERTY_RUNS sets the number of companies (1 by default), PROPERTY_OPERATIONS the steps of
 * each (40); PROPERTY_SEED replays the seed a failure printed, PROPERTY_STATS=1 prints what the
 * steps did. (Removing the larger-of-two-rules rule makes it fail; an editor approving is held by
 * approvals.test.ts, as few random sequences reach it.)
 */
const gateway = useGateway();
const RUNS = Number(process.env.PROPERTY_RUNS ?? 1);
const OPERATIONS = Number(process.env.PROPERTY_OPERATIONS ?? 40);
const accountant = ROLES.find((r) => r.name === 'accountant')!.id;

type Rule = { name: string; minAmount?: string; accountIds?: string[]; sources?: Array<'user' | 'apiKey'>; approvers: 1 | 2 };
type Principal = { name: string; api: Client; person: string; actor: { type: 'user' | 'apiKey'; id: string }; can: Set<string> };
type Journal = { id: string; version: number; status: string; amount: number; onCash: boolean; source: 'user' | 'apiKey'; creator: string; editor: string; approvals: string[]; postedBy?: string; wasPosted: boolean };

const ruleShape = fc.oneof(
  fc.record({ kind: fc.constant('amount' as const), min: fc.constantFrom(100, 1000, 4000), approvers: fc.constantFrom(1 as const, 2 as const) }),
  fc.record({ kind: fc.constant('cash' as const), approvers: fc.constantFrom(1 as const, 2 as const) }),
  fc.record({ kind: fc.constant('keys' as const), approvers: fc.constantFrom(1 as const, 2 as const) }),
);
const policyShape = fc.array(ruleShape, { maxLength: 3 });
type PolicyShape = typeof policyShape extends fc.Arbitrary<infer T> ? T : never;
const stepShape = fc.record({
  op: fc.constantFrom('create', 'edit', 'edit', 'submit', 'submit', 'approve', 'approve', 'approve', 'reject', 'post', 'post', 'void', 'policy'),
  who: fc.nat(),
  journal: fc.nat(),
  amount: fc.constantFrom(50, 500, 1500, 5000),
  cash: fc.boolean(),
  policy: policyShape,
});

describe('approvals under random policies, principals and operations', () => {
  it('answer each request as the model predicts, and the segregation report lists the model’s exceptions', async () => {
    await fc.assert(
      fc.asyncProperty(policyShape, fc.array(stepShape, { minLength: OPERATIONS, maxLength: OPERATIONS }), async (firstPolicy, steps) => {
        const books = await companyBooks(gateway.url);
        const { api, base, chart } = books;
        const principals = await principalsOf(books);
        let policy: Rule[] = [];
        let policyVersion = 0;
        const setPolicy = async (shapes: PolicyShape) => {
          policy = shapes.map((s, i) => ({
            name: `rule ${i + 1}`,
            approvers: s.approvers,
            ...(s.kind === 'amount' ? { minAmount: String(s.min) } : s.kind === 'cash' ? { accountIds: [chart.assets.id] } : { sources: ['apiKey' as const] }),
          }));
          const put = await api.put(`${base}/ApprovalPolicy`, { rules: policy, version: policyVersion });
          expect(put.status, put.text).toBe(200);
          policyVersion = put.body.version;
        };
        await setPolicy(firstPolicy);
        // The naive rule: every condition a rule gives holds (cash is under assets; every line is in SAR).
        const need = (j: Journal) => {
          const applying = policy.filter((r) => (!r.minAmount || j.amount >= Number(r.minAmount)) && (!r.accountIds || j.onCash) && (!r.sources || r.sources.includes(j.source)));
          return applying.length === 0 ? 0 : Math.max(...applying.map((r) => r.approvers));
        };
        const distinct = (j: Journal) => new Set(j.approvals).size;
        // Its authors: who created it and who last edited it.
        const authors = (j: Journal) => new Set([j.creator, j.editor]);
        const journals: Journal[] = [];
        const lines = (amount: number, cash: boolean) => [debit(cash ? chart.cash.id : chart.rent.id, amount), credit(chart.sales.id, amount)];

        const seen = new Map<string, number>();
        const note = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
        for (const step of steps) {
          let p = principals[step.who % principals.length]!;
          // Mostly a journal the step applies to, so that the lifecycle goes on; sometimes any (a refusal to predict).
          const fits: Record<string, readonly string[]> = { edit: ['draft', 'submitted', 'approved'], submit: ['draft'], approve: ['submitted'], reject: ['submitted', 'approved'], post: ['draft', 'submitted', 'approved'], void: ['posted', 'draft'] };
          const candidates = step.journal % 5 === 0 || !fits[step.op] ? journals : journals.filter((x) => fits[step.op]!.includes(x.status));
          const pool = candidates.length > 0 ? candidates : journals;
          const j = pool.length > 0 ? pool[step.journal % pool.length]! : undefined;
          // Half the approvals are tried by one of the journal's authors (or a key one of them made): the refusals to predict.
          const author = j && step.op === 'approve' && step.who % 2 === 0 ? principals.find((x) => x.person === (step.who % 4 === 0 ? j.editor : j.creator) && x.can.has('journals:approve')) : undefined;
          if (author) p = author;
          const path = j && `${base}/Journals/${j.id}`;
          const refused = (permission: string) => { const no = !p.can.has(permission); note(`${step.op} ${no ? 403 : 'allowed'}`); return no; };
          if (step.op === 'policy') {
            await setPolicy(step.policy);
          } else if (step.op === 'create' || !j) {
            const r = await p.api.post(`${base}/Journals`, { date: '2026-03-10', entries: lines(step.amount, step.cash) });
            if (refused('journals:create')) { expect(r.status).toBe(403); continue; }
            expect(r.status, r.text).toBe(200);
            journals.push({ id: r.body.id, version: r.body.version, status: 'draft', amount: step.amount, onCash: step.cash, source: p.actor.type, creator: p.person, editor: p.person, approvals: [], wasPosted: false });
          } else if (step.op === 'edit') {
            const r = await p.api.put(path!, { date: '2026-03-10', entries: lines(step.amount, step.cash), version: j.version });
            if (refused('journals:update')) { expect(r.status).toBe(403); continue; }
            if (!['draft', 'submitted', 'approved'].includes(j.status)) { expect(r.status).toBe(409); continue; }
            expect(r.status, r.text).toBe(200);
            Object.assign(j, { version: r.body.version, status: 'draft', amount: step.amount, onCash: step.cash, approvals: [], editor: p.person });
          } else if (step.op === 'submit') {
            const r = await p.api.post(`${path}/Submit`, { version: j.version });
            if (refused('journals:create')) { expect(r.status).toBe(403); continue; }
            const expected = j.status !== 'draft' ? 'InvalidState' : need(j) === 0 ? 'ApprovalNotRequired' : null;
            if (expected) { expect(r.body.errors?.[0].code, r.text).toBe(expected); continue; }
            expect(r.status, r.text).toBe(200);
            Object.assign(j, { version: r.body.version, status: 'submitted', approvals: [] });
          } else if (step.op === 'approve') {
            const r = await p.api.post(`${path}/Approve`, { version: j.version });
            if (refused('journals:approve')) { expect(r.status).toBe(403); continue; }
            const expected = j.status !== 'submitted' ? 'InvalidState' : authors(j).has(p.person) ? 'SelfApproval' : j.approvals.includes(p.person) ? 'AlreadyApproved' : null;
            if (expected) { expect(r.body.errors?.[0].code, r.text).toBe(expected); continue; }
            expect(r.status, r.text).toBe(200);
            j.approvals.push(p.person);
            j.version = r.body.version;
            j.status = distinct(j) >= Math.max(1, need(j)) ? 'approved' : 'submitted';
            expect(r.body.status).toBe(j.status);
          } else if (step.op === 'reject') {
            const r = await p.api.post(`${path}/Reject`, { version: j.version, reason: 'No' });
            if (refused('journals:approve')) { expect(r.status).toBe(403); continue; }
            if (!['submitted', 'approved'].includes(j.status)) { expect(r.body.errors?.[0].code).toBe('InvalidState'); continue; }
            expect(r.status, r.text).toBe(200);
            Object.assign(j, { version: r.body.version, status: 'draft', approvals: [] });
          } else if (step.op === 'post') {
            const r = await p.api.post(`${path}/Post`, { postingDate: '2026-03-10', version: j.version });
            if (refused('journals:post')) { expect(r.status).toBe(403); continue; }
            const expected = !['draft', 'submitted', 'approved'].includes(j.status) ? 'InvalidState' : distinct(j) < need(j) ? 'ApprovalRequired' : null;
            if (expected) { expect(r.body.errors?.[0].code, r.text).toBe(expected); continue; }
            expect(r.status, r.text).toBe(200);
            Object.assign(j, { version: r.body.version, status: 'posted', postedBy: p.person, wasPosted: true });
          } else {
            const r = await p.api.post(`${path}/Void`, { version: j.version });
            if (refused('journals:void')) { expect(r.status).toBe(403); continue; }
            if (j.status === 'voided') { expect(r.body.errors?.[0].code).toBe('InvalidState'); continue; }
            expect(r.status, r.text).toBe(200);
            Object.assign(j, { version: r.body.version, status: 'voided' });
          }
        }

        if (process.env.PROPERTY_STATS) console.log(JSON.stringify(Object.fromEntries(seen)), JSON.stringify(journals.map((j) => j.status)));
        const report = await api.get(`${base}/Reports/Segregation?dateFrom=2026-03-01&dateTo=2026-03-31`);
        expect(report.status, report.text).toBe(200);
        const expected = journals
          .filter((j) => j.wasPosted)
          .map((j) => {
            const findings = [
              ...(j.approvals.some((a) => authors(j).has(a)) ? ['enteredAndApproved'] : []),
              ...(authors(j).has(j.postedBy!) ? ['enteredAndPosted'] : []),
              ...(j.approvals.includes(j.postedBy!) ? ['approvedAndPosted'] : []),
            ];
            return [j.id, findings] as const;
          })
          .filter(([, findings]) => findings.length > 0);
        expect(report.body.journalsExamined).toBe(journals.filter((j) => j.wasPosted).length);
        const shown = report.body.exceptions.map((e: { journalId: string; findings: string[] }) => [e.journalId, e.findings]);
        expect(new Map(shown)).toEqual(new Map(expected));
      }),
      { numRuns: RUNS, endOnFailure: true, ...(process.env.PROPERTY_SEED ? { seed: Number(process.env.PROPERTY_SEED) } : {}) },
    );
  }, 300_000);
});

/** The owner, an accountant, two approvers (one who also enters and posts), and API keys made by the owner and by that approver. */
async function principalsOf(books: Awaited<ReturnType<typeof companyBooks>>): Promise<Principal[]> {
  const { api, base } = books;
  const user = async (roleId: string) => {
    const u = await signedInUser(gateway.url);
    await addMember(api, base, u.user.email, roleId);
    return u;
  };
  const role = async (name: string, permissions: string[]) => (await api.post(`${base}/Roles`, { name, permissions })).body.id as string;
  const all = ['journals:read', 'journals:create', 'journals:update', 'journals:post', 'journals:void', 'journals:approve'];
  const [clerk, enterer, reviewer] = await Promise.all([
    user(accountant),
    user(await role('Enters and approves', [...all, 'api-keys:manage'])),
    user(await role('Approves', ['journals:read', 'journals:approve'])),
  ]);
  const keyBy = async (owner: Client, permissions: string[]) => {
    const token = await addApiKey(owner, base, permissions as never);
    const listed = (await owner.get(`${base}/ApiKeys`)).body.results as Array<{ id: string; createdAt: string }>;
    return { token, id: listed.sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]!.id };
  };
  const ownersKey = await keyBy(api, all);
  const enterersKey = await keyBy(enterer.api, ['journals:read', 'journals:create', 'journals:post', 'journals:approve']);
  const asUser = (name: string, u: { api: Client; user: { id: string } }, can: string[]): Principal => ({ name, api: u.api, person: u.user.id, actor: { type: 'user', id: u.user.id }, can: new Set(can) });
  const accountantCan = ROLES.find((r) => r.name === 'accountant')!.permissions as readonly string[];
  return [
    asUser('owner', { api, user: books.user }, all),
    asUser('clerk', clerk, all.filter((p) => accountantCan.includes(p))),
    asUser('enterer', enterer, all),
    asUser('reviewer', reviewer, ['journals:read', 'journals:approve']),
    { name: 'owner’s key', api: client(gateway.url, `Bearer ${ownersKey.token}`), person: books.user.id, actor: { type: 'apiKey', id: ownersKey.id }, can: new Set(all) },
    { name: 'enterer’s key', api: client(gateway.url, `Bearer ${enterersKey.token}`), person: enterer.user.id, actor: { type: 'apiKey', id: enterersKey.id }, can: new Set(['journals:read', 'journals:create', 'journals:post', 'journals:approve']) },
  ];
}
