import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cspHashesChangeWarning, readCspHashes, writeCspHashes, ZOD_JITLESS_SCRIPT } from './csp.ts';
import { inlineScriptHashes, sharedHashList } from './script-hashes.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inline script hashes', () => {
  it('hash exactly the text of each inline script a browser runs', () => {
    const loader = '(()=>{var e=async t=>{await(await t())()};})();';
    const html = [
      `<head><script>${ZOD_JITLESS_SCRIPT}</script>`,
      `<script type="module">${loader}</script>`,
      '<script type="module" src="/_astro/isla.js"></script>',
      '<script type="application/ld+json">{"@type":"TouristTrip"}</script>',
      `<script type="text/javascript" data-x>\n  var a = 1;\n</script></head>`,
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([sha(ZOD_JITLESS_SCRIPT), sha(loader), sha('\n  var a = 1;\n')]);
  });

  it('are the same from a page’s bytes as from its text, with letters of two, three and four bytes in and around the scripts', () => {
    const script = "document.title = 'Japón — 1.290 € 🇯🇵';";
    // 'à' is C3 A0 in UTF-8: read a byte at a time, A0 is a no-break space, which is not HTML's whitespace.
    const html = [
      `<h1>Viajes a Japón desde 1.290 €</h1><script data-x="àsrc=1">${script}</script>`,
      `<script data-y="x"àtype="module">${script} // ✈</script>`,
      '<script\ttype="module"\nsrc="/_astro/isla.js"></script><p>Fin …</p>',
    ].join('');
    const bytes = new TextEncoder().encode(html);
    expect(inlineScriptHashes(bytes)).toEqual(inlineScriptHashes(html));
    expect(inlineScriptHashes(bytes)).toEqual([sha(script), sha(`${script} // ✈`)]);
    // Hashed again from a cache of known scripts: the same answer, in the page's order.
    expect(inlineScriptHashes(new TextEncoder().encode(`<script>${script} // ✈</script><script>${script}</script>`))).toEqual([
      sha(`${script} // ✈`),
      sha(script),
    ]);
  });

  it('are kept once per distinct list: pages with the same scripts share one array', () => {
    const first = sharedHashList([sha('a()'), sha('b()')]);
    expect(sharedHashList([sha('a()'), sha('b()')])).toBe(first);
    expect(sharedHashList([sha('b()'), sha('a()')])).not.toBe(first);
    expect(sharedHashList([sha('a()')])).toEqual([sha('a()')]);
    expect(sharedHashList([sha('a()')])).not.toBe(first);
  });

  it('are written once per build, distinct and sorted, for every page', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-csp-build-'));
    try {
      mkdirSync(join(dir, 'tour', 'japon'), { recursive: true });
      writeFileSync(join(dir, 'index.html'), '<script>b()</script><script>a()</script>');
      writeFileSync(join(dir, 'tour', 'japon', 'index.html'), '<script>a()</script><script type="application/ld+json">{}</script>');
      const written = await writeCspHashes(dir);
      expect(written.scripts).toEqual([sha('a()'), sha('b()')].toSorted());
      expect(written.pages).toEqual({ 'index.html': [sha('b()'), sha('a()')], 'tour/japon/index.html': [sha('a()')] });
      expect(JSON.parse(readFileSync(join(dir, 'csp-hashes.json'), 'utf8'))).toEqual({ scripts: written.scripts });
      expect(await readCspHashes(dir)).toEqual({ scripts: written.scripts });
      expect(await readCspHashes(join(dir, 'tour'))).toBeNull();

      // A page the build already hashed is taken as known, not read again; pages no longer there are dropped.
      const known = { 'tour/japon/index.html': [sha('c()')], 'tour/borrada/index.html': [sha('d()')] };
      const again = await writeCspHashes(dir, known);
      expect(again.scripts).toEqual([sha('a()'), sha('b()'), sha('c()')].toSorted());
      expect(again.pages['tour/japon/index.html']).toEqual([sha('c()')]);
      expect(again.pages).not.toHaveProperty(['tour/borrada/index.html']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a change of the hashes between builds', () => {
  const live = { scripts: [sha('a()'), sha('b()')] };

  it('warns to regenerate and reload the nginx config', () => {
    const warning = cspHashesChangeWarning(live, { scripts: [sha('a()'), sha('c()')] });
    expect(warning).toContain('(1 added, 1 removed)');
    expect(warning).toContain('npm run deploy:nginx');
    expect(warning).toContain('reload nginx');
    expect(cspHashesChangeWarning(live, { scripts: [sha('a()')] })).toContain('(0 added, 1 removed)');
  });

  it('says nothing when the hashes are the same, or when there is no live list to compare with', () => {
    expect(cspHashesChangeWarning(live, { scripts: [sha('b()'), sha('a()')] })).toBeNull();
    expect(cspHashesChangeWarning(null, live)).toBeNull();
  });
});
