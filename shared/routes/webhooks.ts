import { CreateWebhookBody, ListDeliveriesQuery, ListWebhooksQuery, UpdateWebhookBody } from '../webhooks/schemas.ts';
import { area, company, VersionBody } from './route.ts';

const webhook = `${company}/Webhooks/{id}` as const;

/** The webhooks rows of the route table (shared/routes.ts). */
export const webhooksRoutes = area('webhooks', {
  create: { methods: ['POST'], path: `${company}/Webhooks`, handler: 'functions/webhooks/create.ts', access: 'webhooks:manage', event: 'WebhookCreated', idempotentOperation: 'CreateWebhook', body: CreateWebhookBody, response: 'CreatedWebhookResponse', errors: ['409 TooManyWebhooks'], summary: 'Subscribe a URL to the company\'s events (the signing secret is returned once)', tag: 'Webhooks' },
  list: { methods: ['GET'], path: `${company}/Webhooks`, handler: 'functions/webhooks/list.ts', access: 'webhooks:manage', query: ListWebhooksQuery, response: { page: 'WebhookResponse' }, summary: 'List webhook subscriptions (paginated)', tag: 'Webhooks' },
  get: { methods: ['GET'], path: webhook, handler: 'functions/webhooks/get.ts', access: 'webhooks:manage', response: 'WebhookResponse', summary: 'Get a webhook subscription', tag: 'Webhooks' },
  update: { methods: ['PUT'], path: webhook, handler: 'functions/webhooks/update.ts', access: 'webhooks:manage', event: 'WebhookChanged', body: UpdateWebhookBody, response: 'WebhookResponse', errors: ['409 Conflict'], summary: 'Change a subscription\'s URL, event types or active flag (versioned)', tag: 'Webhooks' },
  delete: { methods: ['DELETE'], path: webhook, handler: 'functions/webhooks/delete.ts', access: 'webhooks:manage', event: 'WebhookDeleted', body: VersionBody, errors: ['409 Conflict'], summary: 'Delete a webhook subscription (versioned)', tag: 'Webhooks' },
  deliveries: { methods: ['GET'], path: `${webhook}/Deliveries`, handler: 'functions/webhooks/deliveries.ts', access: 'webhooks:manage', query: ListDeliveriesQuery, response: { page: 'DeliveryResponse' }, summary: 'The subscription\'s deliveries, newest first: status, attempts, last answer', tag: 'Webhooks' },
});
