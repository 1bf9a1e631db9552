/**
 * Lighthouse on the storefront's public templates of a running shop: home, /viajes, a tour page, a
 * destination, a region and a campaign landing, with Lighthouse's default (mobile) preset. Prints the four category scores per page,
 * the audits that keep accessibility, best practices or SEO below 100, and writes each full JSON report
 * to test-results/lighthouse/. Performance is a figure to report, not a test: it depends on the machine.
 *
 *   npm run bench:lighthouse -- [base URL, default http://127.0.0.1:4613] [--runs 3] [--only tour,destino]
 *
 * Several runs per page report the run with the median performance score (Lighthouse's own advice for
 * its variance); the other categories do not vary between runs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'viajes', path: '/viajes' },
  { name: 'tour', path: '/tour/japon-esencial' },
  { name: 'destino', path: '/destino/japon' },
  { name: 'region', path: '/region/asia-meridional' },
  { name: 'landing', path: '/black-friday' },
] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const OUT_DIR = 'test-results/lighthouse';
// Debian's Chromium, as the browser tests use it: nothing on these machines can download a browser.
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const { values, positionals } = parseArgs({ allowPositionals: true, options: { runs: { type: 'string', default: '1' }, only: { type: 'string' } } });
const base = positionals[0] ?? 'http://127.0.0.1:4613';
const runs = Math.max(1, Number(values.runs) || 1);
const MAX_RETRIES = 3;
const only = values.only?.split(',');
const pages = PAGES.filter((page) => !only || only.includes(page.name));

const score = (lhr: Result, category: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** Audits of a category that did not get full marks (manual and not-applicable ones score null). */
function failingAudits(lhr: Result, category: (typeof CATEGORIES)[number]): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 || category !== 'performance')
    .map((ref) => lhr.audits[ref.id])
    .filter((audit): audit is NonNullable<typeof audit> => audit !== undefined && audit.score !== null && audit.score < 1)
    .map((audit) => `${audit.id} (${Math.round((audit.score ?? 0) * 100)})${audit.displayValue ? `: ${audit.displayValue}` : ''}`);
}

mkdirSync(OUT_DIR, { recursive: true });
const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
const rows: Record<string, string | number>[] = [];
const problems: string[] = [];
try {
  for (const page of pages) {
    const url = new URL(page.path, base).href;
    const results: Result[] = [];
    // A run that could not trace the load (Lighthouse's NO_NAVSTART and kin) says nothing about the
    // page: it is run again, a few times at most, and never counted.
    for (let attempt = 0; results.length < runs && attempt < runs + MAX_RETRIES; attempt++) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
      if (!result) throw new Error(`Lighthouse no devolvió resultado para ${url}`);
      if (result.lhr.runtimeError) {
        console.warn(`${page.name}: ${result.lhr.runtimeError.code}, se repite`);
        continue;
      }
      results.push(result.lhr);
      writeFileSync(join(OUT_DIR, `${page.name}${runs > 1 ? `-${results.length}` : ''}.json`), JSON.stringify(result.lhr, null, 1));
    }
    if (results.length === 0) throw new Error(`Lighthouse no pudo medir ${url}`);
    // The run with the median performance score stands for the page, metrics included.
    const lhr = [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'))[Math.floor(results.length / 2)] as Result;
    const metrics = lhr.audits;
    rows.push({
      page: page.path,
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      'best-practices': score(lhr, 'best-practices'),
      seo: score(lhr, 'seo'),
      FCP: metrics['first-contentful-paint']?.displayValue ?? '',
      LCP: metrics['largest-contentful-paint']?.displayValue ?? '',
      TBT: metrics['total-blocking-time']?.displayValue ?? '',
      CLS: metrics['cumulative-layout-shift']?.displayValue ?? '',
      runs: results.map((run) => score(run, 'performance')).join(' '),
    });
    for (const category of CATEGORIES) {
      for (const audit of failingAudits(lhr, category)) problems.push(`${page.name} · ${category}: ${audit}`);
    }
  }
} finally {
  chrome.kill();
}

console.table(rows);
console.log(problems.length > 0 ? `Por debajo de 100:\n  ${problems.join('\n  ')}` : 'Ninguna auditoría por debajo de 100.');
console.log(`Informes JSON en ${OUT_DIR}/`);
