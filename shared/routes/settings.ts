import { UpdateSettingsBody } from '../companies/schemas.ts';
import { area, company } from './route.ts';

/** The settings rows of the route table (shared/routes.ts). */
export const settingsRoutes = area('settings', {
  get: { methods: ['GET'], path: `${company}/Settings`, handler: 'functions/companies/get-settings.ts', access: 'settings:read', response: 'SettingsResponse', summary: 'Get company settings', tag: 'Companies' },
  update: { methods: ['PUT'], path: `${company}/Settings`, handler: 'functions/companies/update-settings.ts', access: 'settings:update', event: 'SettingsChanged', body: UpdateSettingsBody, response: 'SettingsResponse', errors: ['409 Conflict', '409 PrecisionInUse', '409 CurrencyInUse'], summary: 'Update company settings (versioned)', tag: 'Companies' },
});
