import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The Norwegian SAF-T Financial v1.30 schema the export is held to (docs/standards/saf-t/). */
export const SAF_T_XSD = resolve(import.meta.dirname, '../../docs/standards/saf-t/Norwegian_SAF-T_Financial_Schema_v_1.30.xsd');

/** xmllint's verdict on a document against the schema: null when valid, else its messages. */
export function safTSchemaErrors(document: Buffer | string): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'saf-t-schema-'));
  const file = join(dir, 'file.xml');
  writeFileSync(file, document);
  try {
    execFileSync('xmllint', ['--noout', '--schema', SAF_T_XSD, file], { stdio: 'pipe' });
    return null;
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
