import { numberPending } from '../events/numbering-rules.ts';
import type { AuditHead } from './chain.ts';
import type { ChainHeadReads } from './store.ts';

export type { AuditHead };

/** Calls of numbering at most before reading the head (a call numbers up to 8,000 events: 20 rounds of 400). */
const CALLS = 6;

/**
 * The head of the company's chain once every change committed before this call is numbered:
 * what a closed period or year, or a stored report, records as "the books as they stood"
 * (docs/decisions.md, Audit). Numbering runs here, in the closing request, not in every write.
 */
export async function currentAuditHead(events: ChainHeadReads, companyId: string): Promise<AuditHead> {
  for (let call = 0; call < CALLS && (await numberPending(events, companyId)) > 0; call++);
  const head = await events.chainHead(companyId);
  return { sequence: head.next - 1, hash: head.hash };
}
