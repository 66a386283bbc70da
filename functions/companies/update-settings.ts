import { updateSettings } from '../../shared/companies/update-settings.ts';
import { settingsUpdating } from '../../shared/db/stores/company-ports.ts';
import { accountNodes } from '../../shared/db/stores/nodes/kind-stores.ts';
import { writeEndpoint } from '../../shared/http/write-endpoint.ts';
import * as settingsRoutes from '../../shared/routes/settings.ts';

export const handler = writeEndpoint(settingsRoutes.update, (r) => updateSettings(settingsUpdating(accountNodes), r.uow, r.params.companyId, r.body));
