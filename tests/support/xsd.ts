/**
 * Validation against the AEAT's official schemas (api/services/invoices/aeat/), with libxml2's xmllint,
 * offline: a catalog maps the W3C signature schema the AEAT's schema imports to its local copy.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const SCHEMAS = resolve(import.meta.dirname, '../../api/services/invoices/aeat');

/** Validates `xml` against one of the schemas; answers xmllint's complaints (none when valid). */
export async function schemaErrors(xml: string, schema: 'SuministroLR.xsd' | 'SuministroInformacion.xsd' | 'RespuestaSuministro.xsd'): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'xsd-'));
  const file = join(dir, 'doc.xml');
  writeFileSync(file, xml);
  try {
    return await new Promise((done, fail) => {
      execFile(
        'xmllint',
        ['--nonet', '--noout', '--schema', join(SCHEMAS, schema), file],
        { env: { ...process.env, XML_CATALOG_FILES: join(SCHEMAS, 'catalog.xml') } },
        (error, _stdout, stderr) => {
          if (error && (error as { code?: unknown }).code === 'ENOENT') return fail(new Error('xmllint is not installed (apt-get install libxml2-utils)'));
          done(error ? stderr.split('\n').filter((line) => line && !line.endsWith(' validates') && !line.includes('fails to validate')) : []);
        },
      );
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
