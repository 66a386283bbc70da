import { describe, expect, it } from 'vitest';
import { EXPORT_HANDLERS, runExports } from '../../../functions/ops/run-exports.ts';
import { ROLES } from '../../../shared/auth/permissions.ts';
import { pathParameters, ROUTES } from '../../../shared/routes.ts';
import { exportTargets, jobFormats } from '../../../shared/routes/export-targets.ts';
import { client, signedInUser, useGateway } from '../../support/api.ts';
import { addApiKey, addMember } from '../../support/company-access.ts';
import { exportBooks } from '../../support/export-books.ts';
import { csvRows, getFile, sheetValues, xlsxSheet } from '../../support/files.ts';

/**
 * Export jobs (`POST .../Exports`): the file a job writes is the route's own file for the same
 * parameters, downloaded from the exports bucket by the job's link; the job is refused for what
 * the route would refuse, and runs only while its creator may still read what it exports.
 */
const gateway = useGateway();

/** Runs the company's export jobs, as the stack's worker would, and answers the job as it ended. */
async function exported(api: ReturnType<typeof client>, base: string, companyId: string, body: Record<string, unknown>) {
  const created = await api.post(`${base}/Exports`, body);
  expect(created.status, created.text).toBe(202);
  expect(created.body).toMatchObject({ status: 'queued', downloadUrl: null, lines: null });
  await runExports({ companyId });
  const job = await api.get(`${base}/Exports/${created.body.id}`);
  expect(job.status, job.text).toBe(200);
  return job.body;
}

/** The file behind a job's link, fetched as a browser would (no credentials: the link is signed). */
async function download(url: string) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return { bytes: Buffer.from(await response.arrayBuffer()), disposition: response.headers.get('content-disposition') };
}

describe('export jobs', () => {
  it('writes the same CSV file as the route answers, and an XLSX of the same cells, for the same parameters', async () => {
    const { api, base, companyId, token, chart } = await exportBooks(gateway.url);
    const parameters = { accountId: chart.cash.id, dateFrom: '2026-01-01', dateTo: '2026-12-31', language: 'ar' };
    const query = new URLSearchParams(parameters).toString();

    const csvJob = await exported(api, base, companyId, { route: 'reports.generalLedger', format: 'csv', parameters });
    const xlsxJob = await exported(api, base, companyId, { route: 'reports.generalLedger', format: 'xlsx', parameters });
    const journalsJob = await exported(api, base, companyId, { route: 'journals.list', format: 'csv', parameters: { dateFrom: '2026-01-01', hijri: true } });
    const csvFile = await download(csvJob.downloadUrl);
    const xlsxFile = await download(xlsxJob.downloadUrl);
    const journalsFile = await download(journalsJob.downloadUrl);
    const csvAnswer = await getFile(gateway.url(), token, `${base}/Reports/GeneralLedger?${query}&format=csv`);
    const xlsxAnswer = await getFile(gateway.url(), token, `${base}/Reports/GeneralLedger?${query}&format=xlsx`);
    const journalsAnswer = await getFile(gateway.url(), token, `${base}/Journals?dateFrom=2026-01-01&hijri=true&format=csv`);

    expect(csvJob).toMatchObject({ status: 'available', route: 'reports.generalLedger', format: 'csv', parameters, reason: null, lines: csvRows(csvAnswer.bytes).length - 1, bytes: csvAnswer.bytes.length });
    expect(csvJob.fileName).toBe(/filename="([^"]+)"/.exec(csvAnswer.headers.get('content-disposition') ?? '')?.[1]);
    expect(Date.parse(csvJob.downloadUrlExpiresAt) - Date.now()).toBeLessThanOrEqual(300_000);
    expect(Date.parse(csvJob.fileExpiresAt) - Date.parse(csvJob.completedAt)).toBe(7 * 86_400_000);
    expect(csvFile.bytes.equals(csvAnswer.bytes)).toBe(true);
    expect(csvFile.disposition).toBe(`attachment; filename="${csvJob.fileName}"`);
    expect(sheetValues(await xlsxSheet(xlsxFile.bytes))).toEqual(sheetValues(await xlsxSheet(xlsxAnswer.bytes)));
    expect(xlsxJob.bytes).toBe(xlsxFile.bytes.length);
    expect(journalsFile.bytes.equals(journalsAnswer.bytes)).toBe(true);
    expect(journalsJob.lines).toBe(6);
  });

  it("lists the caller's own jobs, newest first, and answers another company's job, or another caller's, 404", async () => {
    const owner = await exportBooks(gateway.url);
    const other = await exportBooks(gateway.url);
    const made = await owner.api.post(`${owner.base}/Exports`, { route: 'reports.trialBalance', format: 'csv', parameters: { dateFrom: '2026-01-01', dateTo: '2026-12-31' } });
    const second = await owner.api.post(`${owner.base}/Exports`, { route: 'journals.list', format: 'xlsx' });
    const viewer = await signedInUser(gateway.url);
    await addMember(owner.api, owner.base, viewer.user.email, ROLES.find((r) => r.name === 'viewer')!.id);

    const listed = await owner.api.get(`${owner.base}/Exports?pageSize=1`);
    const fromOtherCompany = await other.api.get(`${other.base}/Exports/${made.body.id}`);
    const ownerAskingOtherCompany = await owner.api.get(`${other.base}/Exports/${made.body.id}`);
    const fromViewer = await viewer.api.get(`${owner.base}/Exports/${made.body.id}`);
    const viewerList = await viewer.api.get(`${owner.base}/Exports`);

    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.results.map((j: { id: string }) => j.id)).toEqual([second.body.id]);
    expect(listed.body.nextPage).not.toBeNull();
    expect(fromOtherCompany.status).toBe(404);
    expect(ownerAskingOtherCompany.status).toBe(404);
    expect(fromViewer.status).toBe(404);
    expect(viewerList.body.results).toEqual([]);
    // The feed records who asked for which file: its data for the administrators, the envelope for the others.
    const feed = async (api: ReturnType<typeof client>) => (await api.get(`${owner.base}/Events?type=ExportCreated&pageSize=10`)).body.results as Array<Record<string, unknown>>;
    expect((await feed(owner.api)).map((e) => (e.data as { id: string }).id)).toEqual([made.body.id, second.body.id]);
    for (const e of await feed(viewer.api)) expect(e).toMatchObject({ type: 'ExportCreated', data: null, dataOmitted: true, dataOmittedReason: 'permission' });
    expect(await feed(viewer.api)).toHaveLength(2);
  });

  it('refuses parameters the route refuses, naming parameters.<field>, and a route no job runs', async () => {
    const { api, base } = await exportBooks(gateway.url);

    const badDate = await api.post(`${base}/Exports`, { route: 'reports.generalLedger', format: 'csv', parameters: { dateFrom: '2026-13-01' } });
    const unknown = await api.post(`${base}/Exports`, { route: 'journals.list', format: 'csv', parameters: { colour: 'red' } });
    const withFormat = await api.post(`${base}/Exports`, { route: 'journals.list', format: 'csv', parameters: { format: 'xlsx' } });
    const withPage = await api.post(`${base}/Exports`, { route: 'journals.list', format: 'csv', parameters: { page: 'abc' } });
    const badRoute = await api.post(`${base}/Exports`, { route: 'journals.create', format: 'csv' });
    const badFormat = await api.post(`${base}/Exports`, { route: 'journals.list', format: 'json' });

    expect(badDate.status).toBe(400);
    expect(badDate.body.errors.map((e: { name: string }) => e.name)).toContain('parameters.dateFrom');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([expect.objectContaining({ name: 'parameters.colour', reason: 'is not a known field' })]);
    expect(withFormat.body.errors).toEqual([expect.objectContaining({ name: 'parameters.format' })]);
    expect(withPage.body.errors).toEqual([expect.objectContaining({ name: 'parameters.page' })]);
    expect(badRoute.status).toBe(400);
    expect(badRoute.body.errors[0].name).toBe('route');
    expect(badFormat.body.errors[0].name).toBe('format');
  });

  it("fails a job whose parameters the route refuses as it reads, with the route's reason", async () => {
    const { api, base, companyId } = await exportBooks(gateway.url);

    const job = await exported(api, base, companyId, { route: 'reports.generalLedger', format: 'csv', parameters: { accountId: '00000000-0000-4000-8000-000000000000', dateFrom: '2026-01-01', dateTo: '2026-12-31' } });

    expect(job).toMatchObject({ status: 'failed', code: 'NotFound', reason: expect.stringMatching(/^parameters\.accountId: /), downloadUrl: null, fileName: null });
  });

  it("answers 403 to a caller lacking the route's permission, and to one lacking exports:read", async () => {
    const { api, base } = await exportBooks(gateway.url);
    const reportsOnly = client(gateway.url, `Bearer ${await addApiKey(api, base, ['exports:read', 'reports:read'])}`);
    const noExports = client(gateway.url, `Bearer ${await addApiKey(api, base, ['journals:read'])}`);

    const journals = await reportsOnly.post(`${base}/Exports`, { route: 'journals.list', format: 'csv' });
    const trial = await reportsOnly.post(`${base}/Exports`, { route: 'reports.trialBalance', format: 'csv', parameters: { dateFrom: '2026-01-01', dateTo: '2026-12-31' } });
    const withoutExports = await noExports.post(`${base}/Exports`, { route: 'journals.list', format: 'csv' });

    expect(journals.status).toBe(403);
    expect(journals.body.errors[0].reason).toMatch(/journals:read/);
    expect(trial.status, trial.text).toBe(202);
    expect(withoutExports.status).toBe(403);
  });

  it("shows no more than the creator's JSON would: a key reading journals alone gets accounts by id, as its own GET's file has them", async () => {
    const { api, base, companyId } = await exportBooks(gateway.url);
    const key = await addApiKey(api, base, ['exports:read', 'journals:read']);
    const journalsOnly = client(gateway.url, `Bearer ${key}`);

    const job = await exported(journalsOnly, base, companyId, { route: 'journals.list', format: 'csv' });
    const file = await download(job.downloadUrl);
    const answer = await getFile(gateway.url(), key, `${base}/Journals?format=csv`);

    expect(csvRows(file.bytes)[0]).toContain('Account id');
    expect(csvRows(file.bytes)[0]).not.toContain('Account');
    expect(file.bytes.equals(answer.bytes)).toBe(true);
  });

  it('fails the job of a creator who lost access before it ran, writing no file', async () => {
    const { api, base, companyId } = await exportBooks(gateway.url);
    const member = await signedInUser(gateway.url);
    await addMember(api, base, member.user.email, ROLES.find((r) => r.name === 'accountant')!.id);
    const created = await member.api.post(`${base}/Exports`, { route: 'journals.list', format: 'csv' });
    expect(created.status, created.text).toBe(202);
    const removed = await api.delete(`${base}/Members/${member.user.id}`, { version: 1 });
    expect(removed.status, removed.text).toBe(200);

    await runExports({ companyId });
    await addMember(api, base, member.user.email, ROLES.find((r) => r.name === 'viewer')!.id);
    const job = await member.api.get(`${base}/Exports/${created.body.id}`);

    expect(job.body).toMatchObject({ status: 'failed', code: 'CreatorAccessRevoked', reason: expect.stringMatching(/no longer has access to the company/), downloadUrl: null });
  });

  it("fails a job past the job's own line cap with the narrower range that fits, naming parameters.dateTo", async () => {
    process.env.EXPORT_JOB_MAX_LINES = '2';
    try {
      const { api, base, companyId } = await exportBooks(gateway.url);

      const job = await exported(api, base, companyId, { route: 'journals.list', format: 'csv', parameters: { dateFrom: '2026-01-01', dateTo: '2026-12-31' } });

      expect(job).toMatchObject({ status: 'failed', code: 'ExportTooLarge', fileName: null, downloadUrl: null });
      expect(job.reason).toMatch(/^parameters\.dateTo: an export holds at most 2 lines .* dateTo 2026-02-14 or earlier$/);
    } finally {
      delete process.env.EXPORT_JOB_MAX_LINES;
    }
  });

  it('replays a create sent again with its Idempotency-Key: one job, 202 both times', async () => {
    const { api, base } = await exportBooks(gateway.url);
    const headers = { 'Idempotency-Key': `export-${Date.now()}` };

    const first = await api.post(`${base}/Exports`, { route: 'journals.list', format: 'csv' }, headers);
    const again = await api.post(`${base}/Exports`, { route: 'journals.list', format: 'xlsx' }, headers);
    const listed = await api.get(`${base}/Exports`);

    expect([first.status, again.status]).toEqual([202, 202]);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(listed.body.results).toHaveLength(1);
  });

  it('runs every exportable or XML-only route of the table whose path takes the company alone, each by its own handler', () => {
    const expected = ROUTES.filter((r) => (r.exportable || r.fileOnly === 'xml') && pathParameters(r.path).join() === 'companyId').map((r) => r.name);

    expect(expected).toContain('auditFiles.safT');
    expect(ROUTES.filter((r) => jobFormats(r).length > 0 && !expected.includes(r.name)).map((r) => pathParameters(r.path).join())).not.toContain('companyId');

    expect([...exportTargets().keys()].sort()).toEqual(expected.sort());
    expect(Object.keys(EXPORT_HANDLERS).sort()).toEqual(expected.sort());
  });
});
