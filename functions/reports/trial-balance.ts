import { endpoint } from '../../shared/http/endpoint.ts';
import type { TrialBalanceInput } from '../../shared/reports/schemas.ts';
import { trialBalance } from '../../shared/reports/trial-balance.ts';

export const handler = endpoint<unknown, TrialBalanceInput>('reports.trialBalance', (r) => trialBalance(r.params.companyId!, r.query));
