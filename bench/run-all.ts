/**
 * `npm run bench`: the whole benchmark suite in one run, written to `bench/results/latest.md` with the
 * machine it ran on. Each section reports ratios or counts measured in this run (README: "Reading the
 * benchmarks"); no test asserts on any of it.
 *
 *   npm run bench                                  # everything, about 15 minutes on 2 cores
 *   npm run bench -- --quick                       # short durations and a 1,000-tour build only
 *   npm run bench -- --only http,seats,weights,build
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { runBuildScale } from './build-scale.ts';
import { runHttp } from './http.ts';
import { describeMachine } from './machine.ts';
import { runPageWeights } from './page-weights.ts';
import { runSeatWrites } from './seat-writes.ts';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string', default: 'http,seats,weights,build' },
    'data-dir': { type: 'string', default: join(tmpdir(), 'dr-bench-shop') },
    out: { type: 'string', default: 'bench/results/latest.md' },
  },
});
const only = new Set(values.only.split(','));
const quick = values.quick;
const began = new Date();
const sections: string[] = [];
const step = (name: string) => console.log(`\n=== ${name} (${new Date().toISOString()}) ===`);

if (only.has('http')) {
  step('HTTP');
  sections.push(await runHttp({ dataDir: values['data-dir'], duration: quick ? 3 : 8, soak: quick ? 10 : 60 }));
}
if (only.has('weights')) {
  step('Page weights');
  // The site the HTTP section built (or an earlier run of it).
  sections.push(runPageWeights({ siteDir: join(values['data-dir'], 'site') }));
}
if (only.has('seats')) {
  step('Seat writes');
  sections.push(await runSeatWrites({ seconds: quick ? 3 : 5, seats: 30_000 }));
  // Fewer seats than the run asks for: the last ones must go exactly once.
  sections.push(await runSeatWrites({ seconds: 3, seats: 1_500, oversellCheck: true }));
}
if (only.has('build')) {
  step('Build scale');
  sections.push(await runBuildScale({ sizes: quick ? [1_000] : [1_000, 10_000] }));
}

const minutes = ((Date.now() - began.getTime()) / 60_000).toFixed(1);
const report = [
  '# Benchmarks: latest run',
  '',
  `${began.toISOString()}, ${minutes} min. ${describeMachine()}`,
  '',
  'Figures are from this one run on this machine: compare ratios, not absolute numbers (README, "Reading the benchmarks").',
  '',
  ...sections,
].join('\n');
mkdirSync(dirname(values.out), { recursive: true });
writeFileSync(values.out, report);
console.log(`\n${report}\nWritten to ${values.out}`);
