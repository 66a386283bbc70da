import { CreateWebhookBody, ListDeliveriesQuery, ListWebhooksQuery, UpdateWebhookBody } from '../webhooks/schemas.ts';
import { route, company, VersionBody } from './route.ts';

const webhook = `${company}/Webhooks/{id}` as const;

/**
 * The webhooks rows of the route table (shared/routes.ts), one export each: a handler imports its
 * own row (`import * as webhooksRoutes from ...`), so its bundle holds no other row's schemas.
 */
export const create = /* @__PURE__ */ route('webhooks.create', () => ({ methods: ['POST'], path: `${company}/Webhooks`, handler: 'functions/webhooks/create.ts', access: 'webhooks:manage', event: 'WebhookCreated', idempotentOperation: 'CreateWebhook', body: CreateWebhookBody, response: 'CreatedWebhookResponse', errors: ['409 TooManyWebhooks'], summary: 'Subscribe a URL to the company\'s events (the signing secret is returned once)', tag: 'Webhooks' }));
export const list = /* @__PURE__ */ route('webhooks.list', () => ({ methods: ['GET'], path: `${company}/Webhooks`, handler: 'functions/webhooks/list.ts', access: 'webhooks:manage', query: ListWebhooksQuery, response: { page: 'WebhookResponse' }, summary: 'List webhook subscriptions (paginated)', tag: 'Webhooks' }));
export const get = /* @__PURE__ */ route('webhooks.get', () => ({ methods: ['GET'], path: webhook, handler: 'functions/webhooks/get.ts', access: 'webhooks:manage', response: 'WebhookResponse', summary: 'Get a webhook subscription', tag: 'Webhooks' }));
export const update = /* @__PURE__ */ route('webhooks.update', () => ({ methods: ['PUT'], path: webhook, handler: 'functions/webhooks/update.ts', access: 'webhooks:manage', event: 'WebhookChanged', body: UpdateWebhookBody, response: 'WebhookResponse', errors: ['409 Conflict'], summary: 'Change a subscription\'s URL, event types or active flag (versioned)', tag: 'Webhooks' }));
const deleteRow = /* @__PURE__ */ route('webhooks.delete', () => ({ methods: ['DELETE'], path: webhook, handler: 'functions/webhooks/delete.ts', access: 'webhooks:manage', event: 'WebhookDeleted', body: VersionBody, errors: ['409 Conflict'], summary: 'Delete a webhook subscription (versioned)', tag: 'Webhooks' }));
export const deliveries = /* @__PURE__ */ route('webhooks.deliveries', () => ({ methods: ['GET'], path: `${webhook}/Deliveries`, handler: 'functions/webhooks/deliveries.ts', access: 'webhooks:manage', query: ListDeliveriesQuery, response: { page: 'DeliveryResponse' }, summary: 'The subscription\'s deliveries, newest first: status, attempts, last answer', tag: 'Webhooks' }));
export { deleteRow as delete };

/** Every webhooks row by action, for the route table. */
export const webhooksRoutes = { create, list, get, update, delete: deleteRow, deliveries };
