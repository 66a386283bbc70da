import { webhookCreating } from '../../shared/db/stores/webhook-creating-ports.ts';
import { actorRef } from '../../shared/auth/actor.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { principalOf } from '../../shared/http/principal-of.ts';
import * as webhooksRoutes from '../../shared/routes/webhooks.ts';
import { createWebhook } from '../../shared/webhooks/create-webhook.ts';

export const handler = endpoint(webhooksRoutes.create, (r) => createWebhook(webhookCreating, r.uow, r.params.companyId, r.body, actorRef(principalOf(r))));
