import { updateSettings } from '../../shared/companies/settings.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import * as settingsRoutes from '../../shared/routes/settings.ts';

export const handler = endpoint(settingsRoutes.update, (r) => updateSettings(r.uow, r.params.companyId, r.body));
