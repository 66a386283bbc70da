import { endpoint } from '../../shared/http/endpoint.ts';
import { listJournals } from '../../shared/journals/read-journals.ts';
import type { ListJournalsInput } from '../../shared/journals/schemas.ts';

export const handler = endpoint<unknown, ListJournalsInput>('journals.list', (r) => listJournals(r.params.companyId!, r.query));
