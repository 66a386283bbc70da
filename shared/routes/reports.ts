import { TrialBalanceQuery } from '../reports/schemas.ts';
import { area, company } from './route.ts';

/** The reports rows of the route table (shared/routes.ts). */
export const reportsRoutes = area('reports', {
  trialBalance: { methods: ['GET'], path: `${company}/Reports/TrialBalance`, handler: 'functions/reports/trial-balance.ts', access: 'reports:read', query: TrialBalanceQuery, response: 'TrialBalanceResponse', summary: 'Trial balance of a financial year or period, optionally for one cost center', tag: 'Reports' },
});
