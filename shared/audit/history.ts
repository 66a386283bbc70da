import { NotFound } from '../errors.ts';
import { numberPending } from '../events/numbering-rules.ts';
import type { Page, PageQuery } from '../schemas/list-query.ts';
import type { ResponseOf } from '../schemas/responses.ts';
import type { AuditedKind } from './record-state.ts';
import type { HistoryReads } from './store.ts';

export type HistoryView = ResponseOf<'HistoryResponse'>;

const LABELS: Record<AuditedKind, string> = { journal: 'The journal', account: 'The account', costCenter: 'The cost center', taxCode: 'The tax code', counterparty: 'The counterparty', approvalPolicy: 'The approval policy', schedule: 'The schedule' };

/**
 * Every version of a journal, account, cost center, tax code, counterparty, the approval policy or a schedule, oldest first: what changed it (the event
 * type), who (a user, or an API key and the user who created that key), in which request,
 * when, and the record as the change answered it (null after a deletion). Pending events are
 * numbered first, so a reader sees the changes committed before its request. Versions kept
 * since histories exist; never expired (db/stores/history-store.ts).
 * Errors: NotFound (no version of such a record).
 */
export async function recordHistory(histories: HistoryReads, companyId: string, kind: AuditedKind, recordId: string, query: PageQuery): Promise<Page<HistoryView>> {
  await numberPending(histories, companyId);
  const page = await histories.historyPage(companyId, kind, recordId, query.pageSize, query.page);
  if (page.results.length === 0 && !query.page) throw new NotFound(LABELS[kind]);
  const keyIds = [...new Set(page.results.flatMap((h) => (h.actor?.type === 'apiKey' ? [h.actor.id] : [])))];
  const creators = new Map(await Promise.all(keyIds.map(async (id) => [id, (await histories.apiKey(companyId, id))?.createdBy ?? null] as const)));
  return {
    ...page,
    results: page.results.map((h) => ({
      version: h.version,
      type: h.type,
      actor: h.actor && { ...h.actor, createdBy: h.actor.type === 'apiKey' ? (creators.get(h.actor.id) ?? null) : null },
      requestId: h.requestId,
      occurredAt: h.occurredAt,
      sequence: h.sequence,
      hash: h.hash,
      state: h.state,
    })),
  };
}
