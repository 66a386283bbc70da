/**
 * An API key as the company keeps it: never the key itself, only its SHA-256 hash and a short
 * prefix people recognise. Pure types; shared/db/stores/api-key-store.ts stores and reads them.
 */
export interface ApiKeyRecord {
  keyId: string;
  hash: string;
  name?: string;
  /** The key's first characters, shown in listings so people can recognise it. */
  prefix: string;
  companyId: string;
  permissions: string[];
  /** The role the permissions were copied from at creation, when one was named. */
  roleId?: string;
  ipAllowlist: string[];
  expiresAt?: string;
  revokedAt?: string;
  createdBy: string;
  createdAt: string;
  version?: number;
}
