import { updateSettings } from '../../shared/companies/settings.ts';
import { endpoint } from '../../shared/http/endpoint.ts';
import { routes } from '../../shared/routes.ts';

export const handler = endpoint(routes.settings.update, (r) => updateSettings(r.uow, r.params.companyId, r.body));
