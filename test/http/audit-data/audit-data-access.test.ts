import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/auth/permissions.ts';
import { client, companyOwner, signedInUser, useGateway } from '../../support/api.ts';
import { addApiKey, addMember } from '../../support/company-access.ts';
import { companyBooks, credit, debit, postedJournal } from '../../support/ledger.ts';

/** Who reads the auditors' data: a caller holding both audit:read and reports:read, in its own company. */
const gateway = useGateway();
const PATHS = ['AuditData/GL/Journals?startDate=2026-01-01', 'AuditData/GL/TrialBalance?endDate=2026-12-31', 'AuditData/GL/Accounts'];

describe('access to the auditors\' data', () => {
  it('answers a key holding audit:read and reports:read (the viewer too), refuses one holding either alone', async () => {
    // Arrange
    const { api, base, chart } = await companyBooks(gateway.url);
    await postedJournal(api, base, '2026-02-10', [debit(chart.cash.id, 10), credit(chart.sales.id, 10)]);
    const auditor = client(gateway.url, `Bearer ${await addApiKey(api, base, ['audit:read', 'reports:read'])}`);
    const auditOnly = client(gateway.url, `Bearer ${await addApiKey(api, base, ['audit:read', 'journals:read', 'accounts:read'])}`);
    const reportsOnly = client(gateway.url, `Bearer ${await addApiKey(api, base, ['reports:read', 'journals:read', 'accounts:read'])}`);
    const viewer = await signedInUser(gateway.url);
    await addMember(api, base, viewer.user.email, ROLES.find((r) => r.name === 'viewer')!.id);

    for (const path of PATHS) {
      // Act
      const url = `${base}/${path}`;
      const [granted, asViewer, withoutReports, withoutAudit] = await Promise.all([auditor.get(url), viewer.api.get(url), auditOnly.get(url), reportsOnly.get(url)]);

      // Assert
      expect([granted.status, asViewer.status], `${path}: ${granted.text}`).toEqual([200, 200]);
      expect(granted.body.results.length, path).toBeGreaterThan(0);
      expect([withoutReports.status, withoutAudit.status], path).toEqual([403, 403]);
      expect(withoutReports.body.errors[0]).toMatchObject({ code: 'Forbidden', name: 'generalErrors' });
      expect(withoutReports.body.errors[0].reason).toContain('needs the permission reports:read, which your role (or API key) lacks');
      expect(withoutAudit.body.errors[0].reason).toContain('needs the permission audit:read, which');
    }
  });

  it('answers 404 for another company, to its users and keys alike, as for one that does not exist', async () => {
    const { base } = await companyBooks(gateway.url);
    const stranger = await companyOwner(gateway.url);
    const strangerKey = client(gateway.url, `Bearer ${await addApiKey(stranger.api, stranger.base, ['audit:read', 'reports:read'])}`);

    for (const path of PATHS) {
      const [byUser, byKey] = await Promise.all([stranger.api.get(`${base}/${path}`), strangerKey.get(`${base}/${path}`)]);

      expect([byUser.status, byKey.status], path).toEqual([404, 404]);
      expect(byKey.body.errors[0].code).toBe('NotFound');
    }
  });
});
