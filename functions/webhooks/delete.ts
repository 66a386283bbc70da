import { webhookDeleting } from '../../shared/db/stores/webhook-ports.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as webhooksRoutes from '../../shared/routes/webhooks.ts';
import { deleteWebhook } from '../../shared/webhooks/webhooks.ts';

export const handler = writeEndpoint(webhooksRoutes.delete, (r) => deleteWebhook(webhookDeleting, r.uow, r.params.companyId, r.params.id, r.body.version));
