import { endpoint } from '../../shared/http/endpoint.ts';
import * as webhooksRoutes from '../../shared/routes/webhooks.ts';
import { deleteWebhook } from '../../shared/webhooks/webhooks.ts';

export const handler = endpoint(webhooksRoutes.delete, (r) => deleteWebhook(r.uow, r.params.companyId, r.params.id, r.body.version));
