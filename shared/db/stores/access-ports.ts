import type { CompanyAccess } from '../../auth/store.ts';
import { getApiKeyById } from './api-key-store.ts';
import { getMember } from './member-store.ts';
import { roleReads } from './role-ports.ts';

/** Where permissions in a company are read from (auth/store.ts CompanyAccess): the member, role and key items. */
export const companyAccess: CompanyAccess = { member: getMember, apiKeyById: getApiKeyById, roles: roleReads };
