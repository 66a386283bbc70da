import { RecordHistoryQuery } from '../audit/schemas.ts';
import { CreateCostCenterBody, StateChangeBody, UpdateCostCenterBody } from '../cost-centers/schemas.ts';
import { ListNodesQuery } from '../tree/schemas.ts';
import { area, company, VersionBody } from './route.ts';

/** The costCenters rows of the route table (shared/routes.ts). */
export const costCentersRoutes = area('costCenters', {
  create: { methods: ['POST'], path: `${company}/CostCenters`, handler: 'functions/cost-centers/create.ts', access: 'cost-centers:create', event: 'CostCenterCreated', idempotentOperation: 'CreateCostCenter', body: CreateCostCenterBody, response: 'CostCenterResponse', summary: 'Create a cost center (created active)', tag: 'Cost centers' },
  list: { methods: ['GET'], path: `${company}/CostCenters`, handler: 'functions/cost-centers/list.ts', access: 'cost-centers:read', query: ListNodesQuery, response: { page: 'CostCenterResponse' }, summary: 'List cost centers (paginated)', tag: 'Cost centers' },
  get: { methods: ['GET'], path: `${company}/CostCenters/{id}`, handler: 'functions/cost-centers/get.ts', access: 'cost-centers:read', response: 'CostCenterResponse', summary: 'Get a cost center', tag: 'Cost centers' },
  history: { methods: ['GET'], path: `${company}/CostCenters/{id}/History`, handler: 'functions/cost-centers/history.ts', access: 'cost-centers:read', query: RecordHistoryQuery, response: { page: 'HistoryResponse' }, summary: 'Every version of the cost center, oldest first: the change, who made it, in which request, when, and the cost center as it stood after it (kept for good, when the feed\'s events have expired)', tag: 'Cost centers' },
  update: { methods: ['PUT'], path: `${company}/CostCenters/{id}`, handler: 'functions/cost-centers/update.ts', access: 'cost-centers:update', event: 'CostCenterChanged', body: UpdateCostCenterBody, response: 'CostCenterResponse', summary: 'Update a cost center (versioned)', tag: 'Cost centers' },
  activate: { methods: ['POST'], path: `${company}/CostCenters/{id}/Activate`, handler: 'functions/cost-centers/activate.ts', access: 'cost-centers:update', event: 'CostCenterActivated', body: StateChangeBody, response: 'CostCenterResponse', summary: 'Activate an inactive cost center (versioned)', tag: 'Cost centers' },
  deactivate: { methods: ['POST'], path: `${company}/CostCenters/{id}/Deactivate`, handler: 'functions/cost-centers/deactivate.ts', access: 'cost-centers:update', event: 'CostCenterDeactivated', body: StateChangeBody, response: 'CostCenterResponse', summary: 'Deactivate an active cost center (versioned)', tag: 'Cost centers' },
  delete: { methods: ['DELETE'], path: `${company}/CostCenters/{id}`, handler: 'functions/cost-centers/delete.ts', access: 'cost-centers:delete', event: 'CostCenterDeleted', body: VersionBody, summary: 'Delete a cost center (versioned)', tag: 'Cost centers' },
});
