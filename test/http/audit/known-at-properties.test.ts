import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useGateway, type Client } from '../../support/api.ts';
import { companyBooks } from '../../support/ledger.ts';
import { instant } from '../../support/instants.ts';

/**
 * For random postings (backdated into earlier months too), voids, adjusts, reversals, and
 * periods closed and reopened between them, with the instant recorded between every two
 * requests: every report as known at each instant (trial balance, income statement, balance
 * sheet, general ledger, cash flow) equals the report read live at that instant, and the trial
 * balance equals a naive recomputation from the changes committed by then; Restatements since
 * each instant equals the model's list. PROPERTY_RUNS sets the number of books (CI keeps it small).
 */
const gateway = useGateway();
const RUNS = Number(process.env.PROPERTY_RUNS ?? 1);
const OPERATIONS = Number(process.env.PROPERTY_OPERATIONS ?? 6);

const DAYS = ['2026-01-10', '2026-01-31', '2026-02-01', '2026-02-15', '2026-03-01', '2026-03-20', '2026-06-30'];
const day = fc.constantFrom(...DAYS);
const operation = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('post' as const), debit: fc.nat(4), credit: fc.nat(4), center: fc.option(fc.nat(1), { nil: null }), cents: fc.integer({ min: 1, max: 900_000 }), day }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('void' as const, 'adjust' as const), target: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reverse' as const), target: fc.nat(), day }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('close' as const, 'reopen' as const), period: fc.nat(2) }) },
);

interface ModelLine {
  accountId: string;
  costCenterId: string | null;
  side: 1 | 2;
  amount: Big;
}
interface Posting {
  journalId: string;
  postingDate: string;
  periodId: string;
  lines: ModelLine[];
}
interface ModelChange {
  journalId: string;
  type: string;
  effect: 'added' | 'takenBack';
  periodId: string;
  /** Index of the operation that made it: committed after instant `index - 1`, before instant `index`. */
  at: number;
}


/** Every report the property compares, as read at `knownAt` (or live). */
async function reports(api: Client, base: string, cashId: string, knownAt?: string) {
  const at = knownAt ? `&knownAt=${encodeURIComponent(knownAt)}` : '';
  const read = async (path: string) => {
    const r = await api.get(`${base}/Reports/${path}${at}`);
    expect(r.status, `${path} ${r.text}`).toBe(200);
    // The moment is echoed; the figures are compared without it.
    const { knownAt: echoed, ...figures } = r.body;
    expect(echoed, path).toBe(knownAt ?? null);
    return figures;
  };
  const ledger: unknown[] = [];
  let page: string | null = null;
  let first: any;
  do {
    const body: any = await read(`GeneralLedger?accountId=${cashId}&dateFrom=2026-01-15&dateTo=2026-12-31&pageSize=2${page ? `&page=${encodeURIComponent(page)}` : ''}`);
    first ??= body;
    ledger.push(...body.results);
    page = body.nextPage;
  } while (page);
  return {
    trialBalance: await read('TrialBalance?dateFrom=2026-01-01&dateTo=2026-12-31'),
    trialBalanceOfCenter: await read('TrialBalance?dateFrom=2026-02-01&dateTo=2026-03-31&costCenterId=HQ'),
    incomeStatement: await read('IncomeStatement?dateFrom=2026-01-01&dateTo=2026-03-31&byCostCenter=true'),
    balanceSheet: await read('BalanceSheet?dates=2026-01-31,2026-02-28,2026-12-31'),
    cashFlow: await read('CashFlow?dateFrom=2026-02-01&dateTo=2026-12-31'),
    generalLedger: { opening: first.openingBalance, closing: first.closingBalance, lines: ledger },
  };
}

/** The trial balance's closing figures per leaf account, recomputed from the postings in the books. */
function naiveClosing(postings: Iterable<Posting>, codes: ReadonlyMap<string, string>) {
  const nets = new Map<string, Big>();
  for (const p of postings) for (const l of p.lines) nets.set(l.accountId, (nets.get(l.accountId) ?? new Big(0)).plus(l.side === 1 ? l.amount : l.amount.neg()));
  const figures: Record<string, string[]> = {};
  for (const [accountId, n] of nets) if (!n.eq(0)) figures[codes.get(accountId)!] = n.gt(0) ? [n.toFixed(2), '0.00'] : ['0.00', n.neg().toFixed(2)];
  return figures;
}

describe('reports as known at a moment against what was read then and a naive recomputation', () => {
  it('every report at every recorded instant equals the report read then; the trial balance the changes committed by then; Restatements the model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: OPERATIONS, maxLength: OPERATIONS }), async (operations) => {
        const { api, base, chart } = await companyBooks(gateway.url);
        const year = (await api.get(`${base}/FinancialYears`)).body.results[0];
        const periods: Array<{ id: string; startDate: string; endDate: string }> = year.periods;
        const periodOf = (date: string) => periods.find((p) => p.startDate <= date && date <= p.endDate)!.id;
        const leaves = [chart.cash, chart.bank, chart.retained, chart.sales, chart.rent];
        const codes = new Map(leaves.map((a) => [a.id as string, a.code as string]));
        const centers = [chart.hq.id as string, chart.branch.id as string];

        // The model: journals with their version and state, postings in the books, changes, and closed periods.
        const journals: Array<{ id: string; version: number; status: string; reversal: boolean; lines: ModelLine[]; date: string }> = [];
        const inBooks = new Map<string, Posting>();
        const changes: ModelChange[] = [];
        const closedAt: Array<Set<string>> = [];
        const closed = new Set<string>();
        const instants: string[] = [await instant()];
        const snapshots = [await reports(api, base, chart.cash.id)];
        const booksAt: Array<Map<string, Posting>> = [new Map()];
        closedAt.push(new Set());

        for (const [i, op] of operations.entries()) {
          const at = i + 1;
          if (op.kind === 'post') {
            const debitAccount = leaves[op.debit]!;
            const creditAccount = leaves[op.credit === op.debit ? (op.credit + 1) % leaves.length : op.credit]!;
            const amount = new Big(op.cents).div(100);
            const center = op.center === null ? null : centers[op.center]!;
            const lines: ModelLine[] = [
              { accountId: debitAccount.id, costCenterId: center, side: 1, amount },
              { accountId: creditAccount.id, costCenterId: null, side: 2, amount },
            ];
            const created = await api.post(`${base}/Journals`, { date: `${op.day}T09:00:00Z`, entries: lines.map((l) => ({ accountId: l.accountId, side: l.side, amount: l.amount.toFixed(2), ...(l.costCenterId ? { costCenterId: l.costCenterId } : {}) })) });
            expect(created.status, created.text).toBe(200);
            const journal = { id: created.body.id, version: created.body.version, status: 'draft', reversal: false, lines, date: op.day };
            journals.push(journal);
            const posted = await api.post(`${base}/Journals/${journal.id}/Post`, { postingDate: op.day, version: journal.version });
            if (posted.status === 200) {
              Object.assign(journal, { version: posted.body.version, status: 'posted' });
              inBooks.set(journal.id, { journalId: journal.id, postingDate: op.day, periodId: periodOf(op.day), lines });
              changes.push({ journalId: journal.id, type: 'JournalPosted', effect: 'added', periodId: periodOf(op.day), at });
            } else expect(posted.status, posted.text).toBe(409);
          } else if (op.kind === 'void' || op.kind === 'adjust' || op.kind === 'reverse') {
            const candidates = journals.filter((j) => j.status === 'posted' && !j.reversal);
            const journal = candidates[op.target % Math.max(candidates.length, 1)];
            if (journal) {
              const action = { void: 'Void', adjust: 'Adjust', reverse: 'Reverse' }[op.kind];
              const r = await api.post(`${base}/Journals/${journal.id}/${action}`, op.kind === 'reverse' ? { version: journal.version, postingDate: op.day } : { version: journal.version });
              if (r.status === 200) {
                const posting = inBooks.get(journal.id)!;
                if (op.kind === 'reverse') {
                  // Reverse answers the reversing journal; the original moves on one version, reversed.
                  Object.assign(journal, { version: journal.version + 1, status: 'reversed' });
                  const swapped = posting.lines.map((l) => ({ ...l, side: (l.side === 1 ? 2 : 1) as 1 | 2 }));
                  journals.push({ id: r.body.id, version: 1, status: 'posted', reversal: true, lines: swapped, date: op.day });
                  inBooks.set(r.body.id, { journalId: r.body.id, postingDate: op.day, periodId: periodOf(op.day), lines: swapped });
                  changes.push({ journalId: r.body.id, type: 'JournalReversed', effect: 'added', periodId: periodOf(op.day), at });
                } else {
                  Object.assign(journal, { version: r.body.version, status: r.body.status });
                  inBooks.delete(journal.id);
                  changes.push({ journalId: journal.id, type: op.kind === 'void' ? 'JournalVoided' : 'JournalAdjusted', effect: 'takenBack', periodId: posting.periodId, at });
                }
              } else expect(r.status, r.text).toBe(409);
            }
          } else if (op.kind === 'close' || op.kind === 'reopen') {
            const period = periods[op.period]!;
            const current = (await api.get(`${base}/FinancialYears/${year.id}/Periods/${period.id}`)).body;
            const r = await api.post(`${base}/FinancialYears/${year.id}/Periods/${period.id}/${op.kind === 'close' ? 'Close' : 'Reopen'}`, { version: current.version });
            if (r.status === 200) (op.kind === 'close' ? closed.add(period.id) : closed.delete(period.id));
            else expect(r.status, r.text).toBe(409);
          }
          instants.push(await instant());
          snapshots.push(await reports(api, base, chart.cash.id));
          booksAt.push(new Map(inBooks));
          closedAt.push(new Set(closed));
        }

        for (const [k, knownAt] of instants.entries()) {
          // Every report as known at the instant is the report read then.
          const known = await reports(api, base, chart.cash.id, knownAt);
          expect(known, `as known at instant ${k}`).toEqual(snapshots[k]);
          // The trial balance's leaves are the postings in the books then, recomputed.
          // (A row shows while any figure is not zero: a leaf whose lines net to zero shows closing 0.00 on both sides.)
          const leafRows = Object.fromEntries(
            known.trialBalance.rows.filter((r: any) => codes.has(r.accountId) && (r.closing.debit !== '0.00' || r.closing.credit !== '0.00')).map((r: any) => [r.code, [r.closing.debit, r.closing.credit]]),
          );
          expect(leafRows, `trial balance at instant ${k}`).toEqual(naiveClosing(booksAt[k]!.values(), codes));

          // Restatements since the instant: the changes after it into periods closed then, oldest first.
          const listed: unknown[] = [];
          let page: string | null = null;
          do {
            const r: any = await api.get(`${base}/Reports/Restatements?since=${encodeURIComponent(knownAt)}&pageSize=2${page ? `&page=${encodeURIComponent(page)}` : ''}`);
            expect(r.status, r.text).toBe(200);
            listed.push(...r.body.results.map((c: any) => [c.journalId, c.type, c.effect, c.periodId, c.periodStatus]));
            page = r.body.nextPage;
          } while (page);
          const expected = changes.filter((c) => c.at > k && closedAt[k]!.has(c.periodId)).map((c) => [c.journalId, c.type, c.effect, c.periodId, 'closed']);
          expect(listed, `restatements since instant ${k}`).toEqual(expected);
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 60_000 + RUNS * OPERATIONS * 8_000);
});
