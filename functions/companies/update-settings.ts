import type { UpdateSettingsInput } from '../../shared/companies/schemas.ts';
import { updateSettings } from '../../shared/companies/settings.ts';
import { endpoint } from '../../shared/http/endpoint.ts';

export const handler = endpoint<UpdateSettingsInput>('settings.update', (r) => updateSettings(r.uow, r.params.companyId!, r.body));
