import { ledgerLines } from '../db/ledger/ledger-store.ts';
import { sortsBefore, type LedgerPlace, type LedgerRow } from '../journals/ledger-entries.ts';

/** Leaf ledgers read at once when a stream starts. */
const PARALLEL = 16;

/** Lines read per leaf at a time by a stream: enough for few reads, few enough that a wide category holds little. */
const streamChunk = (leaves: number) => Math.max(50, Math.min(1000, Math.floor(20_000 / Math.max(leaves, 1))));

/** Every line of the leaves' ledgers in the range (that `shown` accepts), merged in ledger order, each leaf read a chunk at a time as the merge needs it. */
export async function* streamOfLines(companyId: string, leafIds: string[], range: { from: string; to: string }, costCenterId: string | undefined, shown?: (row: LedgerRow) => boolean): AsyncGenerator<LedgerRow> {
  const keep = (row: LedgerRow) => (!costCenterId || row.costCenterId === costCenterId) && (!shown || shown(row));
  const chunk = streamChunk(leafIds.length);
  const leaves = leafIds.map((id) => ({ id, rows: [] as LedgerRow[], next: 0, after: undefined as LedgerPlace | undefined, done: false }));
  const refill = async (leaf: (typeof leaves)[number]) => {
    leaf.rows = await ledgerLines(companyId, leaf.id, range, leaf.after, chunk, keep);
    leaf.next = 0;
    leaf.done = leaf.rows.length < chunk;
    const last = leaf.rows.at(-1);
    if (last) leaf.after = { position: last.position, accountId: last.accountId, line: last.line };
  };
  for (let i = 0; i < leaves.length; i += PARALLEL) await Promise.all(leaves.slice(i, i + PARALLEL).map(refill));
  for (;;) {
    let first: (typeof leaves)[number] | undefined;
    for (const leaf of leaves) if (leaf.next < leaf.rows.length && (!first || sortsBefore(leaf.rows[leaf.next]!, first.rows[first.next]!))) first = leaf;
    if (!first) return;
    yield first.rows[first.next++]!;
    if (first.next === first.rows.length && !first.done) await refill(first);
  }
}
