import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { companyOwner, useGateway, type Client } from '../../support/api.ts';
import { crashAfterWrite } from '../support/faults.ts';
import { credit, debit, wideChart } from '../../support/ledger.ts';

/**
 * Wide journals (many accounts and cost centers, postings of several chunks) under random
 * sequences of create, post, void, adjust and reverse, with a crash injected after a random
 * write of some requests (then the same request sent again) and two posters at once on others:
 * no journal is left half-posted, and the trial balance equals a naive recomputation from the
 * posted lines, exactly. PROPERTY_RUNS sets the number of sequences.
 */
const gateway = useGateway();
const RUNS = Number(process.env.PROPERTY_RUNS ?? 3);

const wideJournal = fc.record({
  lines: fc.array(fc.record({ leaf: fc.nat({ max: 24 }), center: fc.option(fc.nat({ max: 2 }), { nil: null }), cents: fc.integer({ min: 1, max: 999_999 }) }), { minLength: 30, maxLength: 90 }),
});
const step = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), journal: wideJournal }),
  fc.record({ kind: fc.constantFrom('post' as const, 'void' as const, 'adjust' as const, 'reverse' as const), target: fc.nat(), crashAfter: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }), twice: fc.boolean() }),
);

/** Sends the request; with `crashAfter`, the process "dies" after that many transaction writes, and the request is sent again. */
async function send(api: Client, path: string, body: unknown, crashAfter: number | null, twice: boolean) {
  if (crashAfter !== null) {
    const crash = crashAfterWrite(crashAfter);
    await api.post(path, body).finally(crash.restore);
  }
  const answers = await Promise.all((twice ? [1, 2] : [1]).map(() => api.post(path, body)));
  return answers.find((a) => a.status === 200) ?? answers[0]!;
}

describe('wide journals against a naive recomputation', () => {
  it('never leaves a posting half-applied, whatever crashes and concurrent posters', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 12 }), async (steps) => {
        const { api, base } = await companyOwner(gateway.url);
        const books = await wideChart(api, base, { leaves: 25, centers: 3 });
        const journals: Array<{ id: string }> = [];
        for (const s of steps) {
          if (s.kind === 'create') {
            const debits = s.journal.lines.map((l) => debit(books.leaves[l.leaf]!.id, (l.cents / 100).toFixed(2), l.center === null ? undefined : books.centers[l.center]!.id));
            const total = s.journal.lines.reduce((sum, l) => sum + l.cents, 0);
            const created = await api.post(`${base}/Journals`, { date: '2026-05-05T00:00:00Z', entries: [...debits, credit(books.bank.id, (total / 100).toFixed(2))] });
            expect(created.status, created.text).toBe(200);
            journals.push(created.body);
            continue;
          }
          if (journals.length === 0) continue;
          const { id } = journals[s.target % journals.length]!;
          const current = (await api.get(`${base}/Journals/${id}`)).body;
          const path = `${base}/Journals/${id}/${s.kind[0]!.toUpperCase()}${s.kind.slice(1)}`;
          const body = s.kind === 'post' || s.kind === 'reverse' ? { postingDate: '2026-05-06', version: current.version } : { version: current.version };
          await send(api, path, body, s.crashAfter, s.twice);
        }

        // Finish any job a crash left (its own request sent again), as a client retrying would.
        const all = (await api.get(`${base}/Journals?pageSize=100`)).body.results as Array<{ id: string; status: string; version: number; entries: Array<{ accountId: string; side: number; amount: number }> }>;
        for (const j of all.filter((x) => x.status === 'posting' || x.status === 'unposting')) {
          expect.unreachable(`journal ${j.id} left ${j.status} after its request was sent again`);
        }
        const posted = all.filter((j) => j.status === 'posted' || j.status === 'reversed');
        const sum = (side: number) => posted.flatMap((j) => j.entries).filter((e) => e.side === side).reduce((s, e) => s.plus(String(e.amount)), new Big(0)).toFixed(2);
        const trial = (await api.get(`${base}/Reports/TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31`)).body;
        expect(trial.totals.movement).toEqual({ debit: sum(1), credit: sum(2) });
        const bank = posted.flatMap((j) => j.entries).filter((e) => e.accountId === books.bank.id).reduce((s, e) => (e.side === 1 ? s.plus(String(e.amount)) : s.minus(String(e.amount))), new Big(0));
        const bankRow = trial.rows.find((r: { accountId: string }) => r.accountId === books.bank.id);
        expect(bankRow ? new Big(bankRow.closing.debit).minus(bankRow.closing.credit).toFixed(2) : '0.00').toBe(bank.toFixed(2));
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 60_000 + RUNS * 40_000);
});
