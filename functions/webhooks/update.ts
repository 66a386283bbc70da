import { webhookReplacing } from '../../shared/db/stores/webhook-ports.ts';
import { actorRef } from '../../shared/auth/actor.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import { principalOf } from '../../shared/http/principal-of.ts';
import * as webhooksRoutes from '../../shared/routes/webhooks.ts';
import { updateWebhook } from '../../shared/webhooks/webhooks.ts';

export const handler = writeEndpoint(webhooksRoutes.update, (r) => updateWebhook(webhookReplacing, r.uow, r.params.companyId, r.params.id, r.body, actorRef(principalOf(r))));
