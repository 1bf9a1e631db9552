/**
 * The shop's HTTP throughput as a ratio to raw `node:http` measured in the same run (issue 15): absolute
 * requests per second swing with whatever else the machine does, the ratio much less. autocannon drives
 * each target in turn from this process; the baselines and the shop each run in a process of their own.
 *
 * Two baselines: a raw hello world (4 bytes, the ceiling of a request on this machine) and a raw server
 * answering the tour page's own bytes (the ceiling of that page: at 15 KB a response, moving the bytes
 * costs more than anything the server does). Then a soak: 256 connections on the departures and the
 * quote at once for a minute, with the shop's memory before and after.
 *
 *   node bench/http.ts [--connections 32] [--duration 8] [--soak 60] [--data-dir DIR] [--out bench/results/http.md]
 *
 * The shop is started as `npm start` starts it (demo catalogue, built site) on a data folder that is kept
 * between runs (`--data-dir`, default under the OS's temp folder), so only the first run pays the build;
 * the measuring waits until the rebuild it asks for at start is over.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { describeMachine } from './machine.ts';

const RAW_PORT = 4490;
const SHOP_PORT = 4491;
const RAW_PAGE_PORT = 4492;

/** A raw `node:http` hello world: the ceiling a Node process on this machine reaches. */
const RAW_SERVER = `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'text/plain' }); s.end('hola'); }).listen(${RAW_PORT}, '127.0.0.1', () => console.log('listo'));`;

/** A raw `node:http` server answering one file's bytes as brotli HTML: the ceiling for that page. */
const rawPageServer = (file: string) =>
  `const b = require('node:fs').readFileSync(${JSON.stringify(file)}); require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br' }); s.end(b); }).listen(${RAW_PAGE_PORT}, '127.0.0.1', () => console.log('listo'));`;

function start(command: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (ready.test(log)) resolve(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${log}`)));
  });
}

interface Target {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The baseline this row is a ratio to, when not the hello world. */
  against?: 'page';
  /** A sequence each connection repeats instead of one request (the soak). */
  requests?: autocannon.Request[];
}

interface Measured {
  name: string;
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
  statuses: Record<string, number>;
}

async function load(target: Target, options: { connections: number; duration: number }): Promise<Measured> {
  const { url, method = 'GET', headers, body, requests } = target;
  const result = await autocannon({ url, method, headers, body, requests, connections: options.connections, duration: options.duration });
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, (stat as { count: number }).count]));
  return {
    name: target.name,
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statuses,
  };
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A tour of the demo catalogue with a departure on sale: the page, its departures and a quote of it. */
async function shopTargets(base: string): Promise<{ targets: Target[]; slug: string; quote: string }> {
  const index = await fetch(`${base}/`).then((r) => r.text());
  const slug = index.match(/href="\/tour\/([a-z0-9-]+)"/)?.[1];
  if (!slug) throw new Error('No tour link found on the home page');
  const departures = await json<{ periodId: string; bookableAvailability: number }[]>(`${base}/api/tours/${slug}/departures`);
  const periodId = departures.find((d) => d.bookableAvailability >= 2)?.periodId;
  if (!periodId) throw new Error(`Tour ${slug} has no departure`);
  const quote = JSON.stringify({ periodId, travellers: [{ ageGroup: 'Adultos' }, { ageGroup: 'Adultos' }] });
  await json(`${base}/api/bookings/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: quote });
  const targets: Target[] = [
    { name: '`GET /api/nonexistent` (404 through the middleware)', url: `${base}/api/nonexistent` },
    { name: '`GET /api/health`', url: `${base}/api/health` },
    { name: 'a small static file (`/robots.txt`)', url: `${base}/robots.txt` },
    { name: `a static tour page (\`/tour/${slug}\`, br)`, url: `${base}/tour/${slug}`, headers: { 'accept-encoding': 'br, gzip' } },
    {
      name: '… the same page, as a ratio to raw Node sending its bytes',
      url: `${base}/tour/${slug}`,
      headers: { 'accept-encoding': 'br, gzip' },
      against: 'page',
    },
    { name: '`GET /api/tours/{slug}/departures`', url: `${base}/api/tours/${slug}/departures` },
    { name: '`POST /api/bookings/quote`', url: `${base}/api/bookings/quote`, method: 'POST', headers: { 'content-type': 'application/json' }, body: quote },
  ];
  return { targets, slug, quote };
}

/** Resident memory of a process, in MB (Linux). */
const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Math.round(Number(line[1]) / 1024) : Number.NaN;
};

/**
 * Waits until the shop has had no rebuild running or pending for a few seconds in a row: it asks for one
 * at start, after a debounce, so a single idle answer can come before the request (the 404 row of one run
 * was measured while the build ran, at 0.66 against a baseline that fell to a third).
 */
async function whenShopIdle(base: string): Promise<void> {
  const IDLE_CHECKS = 5;
  let idle = 0;
  for (let i = 0; i < 600; i++) {
    const health = await json<{ rebuild?: { running: boolean; pending: boolean } }>(`${base}/api/health`);
    idle = !health.rebuild?.running && !health.rebuild?.pending ? idle + 1 : 0;
    if (idle === IDLE_CHECKS) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('The shop kept rebuilding for ten minutes');
}

export async function runHttp({
  connections = 32,
  duration = 8,
  soak = 60,
  dataDir = join(tmpdir(), 'dr-bench-shop'),
}: {
  connections?: number;
  duration?: number;
  soak?: number;
  dataDir?: string;
} = {}): Promise<string> {
  const children: ChildProcess[] = [];
  const stopAll = () => {
    for (const child of children) child.kill('SIGTERM');
  };
  process.once('exit', stopAll);
  try {
    mkdirSync(dataDir, { recursive: true });
    console.log(`Arrancando la tienda en ${dataDir} (la primera vez carga la demo y construye la web)…`);
    const shopProcess = await start(
      process.execPath,
      ['api/start.ts'],
      { PORT: String(SHOP_PORT), DATA_DIR: dataDir, NODE_ENV: 'development' },
      /http:\/\/[^\s]+:4491/,
    );
    children.push(shopProcess);
    children.push(await start(process.execPath, ['-e', RAW_SERVER], {}, /listo/));
    const shop = `http://127.0.0.1:${SHOP_PORT}`;
    await whenShopIdle(shop);
    const { targets, slug, quote } = await shopTargets(shop);
    const pageFile = join(dataDir, 'bench-page.br');
    writeFileSync(pageFile, Buffer.from(await (await fetch(`${shop}/tour/${slug}`, { headers: { 'accept-encoding': 'br' } })).arrayBuffer()));
    children.push(await start(process.execPath, ['-e', rawPageServer(pageFile)], {}, /listo/));
    const options = { connections, duration };
    // Warm every server (JIT, caches) before anything counts.
    await load({ name: 'warm', url: `http://127.0.0.1:${RAW_PORT}/` }, { connections, duration: 2 });
    await load({ name: 'warm', url: `http://127.0.0.1:${RAW_PAGE_PORT}/` }, { connections, duration: 2 });
    for (const target of targets) await load(target, { connections, duration: 2 });

    // Each row is measured right after its own baseline, so a busy moment of the machine weighs on both.
    const helloWorld: Target = { name: 'raw `node:http` hello world', url: `http://127.0.0.1:${RAW_PORT}/` };
    const pageBytes: Target = { name: 'raw `node:http` sending the tour page’s bytes', url: `http://127.0.0.1:${RAW_PAGE_PORT}/` };
    const rows: { measured: Measured; base: Measured }[] = [];
    for (const target of [pageBytes, ...targets]) {
      const base = await load(target.against === 'page' ? pageBytes : helloWorld, options);
      const measured = await load(target, options);
      console.log(`${measured.name}: ${measured.rps.toFixed(0)} req/s (${(measured.rps / base.rps).toFixed(2)}× ${base.rps.toFixed(0)})`);
      rows.push({ measured, base });
    }

    // The soak: the two routes a launch day hits, at once, on 256 connections. Run as two halves back to
    // back, with the shop's memory read between them: the first exposure to 256 connections grows the
    // heap to its working size, and memory is flat if the second half does not grow it further.
    const soakTarget: Target = {
      name: 'soak',
      url: shop,
      requests: [
        { method: 'GET', path: `/api/tours/${slug}/departures` },
        { method: 'POST', path: '/api/bookings/quote', headers: { 'content-type': 'application/json' }, body: quote },
      ],
    };
    const rssBefore = rssMb(shopProcess.pid as number);
    const halves: Measured[] = [];
    const rssBetween: number[] = [];
    for (const _ of [1, 2]) {
      halves.push(await load(soakTarget, { connections: 256, duration: soak / 2 }));
      rssBetween.push(rssMb(shopProcess.pid as number));
    }
    // Give the collector a moment, as a quiet minute after a peak would.
    await new Promise((r) => setTimeout(r, 2000));
    const rssAfter = rssMb(shopProcess.pid as number);
    const statuses: Record<string, number> = {};
    for (const half of halves) for (const [code, n] of Object.entries(half.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
    const unexpected = Object.entries(statuses)
      .filter(([code]) => !code.startsWith('2') && code !== '429')
      .reduce((sum, [, n]) => sum + n, 0);
    const errors = halves.reduce((sum, half) => sum + half.errors, 0);
    const rps = halves.reduce((sum, half) => sum + half.rps, 0) / halves.length;

    const table = [
      '| what | req/s | its baseline, req/s | ratio | p99 ms | non-2xx | errors |',
      '|---|---|---|---|---|---|---|',
      ...rows.map(
        ({ measured: r, base }) =>
          `| ${r.name} | ${r.rps.toFixed(0)} | ${base.rps.toFixed(0)} | **${(r.rps / base.rps).toFixed(2)}** | ${r.p99} | ${r.name.includes('nonexistent') ? `${r.non2xx} (404 expected)` : r.non2xx} | ${r.errors} |`,
      ),
    ].join('\n');
    const soakTable = [
      '| what | figure |',
      '|---|---|',
      `| requests per second (departures and quote alternating) | ${rps.toFixed(0)} |`,
      `| p99 latency, first and second half | ${halves.map((half) => `${half.p99} ms`).join(', ')} |`,
      `| answers by status | ${Object.entries(statuses)
        .map(([code, n]) => `${code}: ${n}`)
        .join(', ')} |`,
      `| errors other than a deliberate 429 | ${unexpected + errors} |`,
      `| shop RSS: before → after the first half → after the second → 2 s later | ${[rssBefore, ...rssBetween, rssAfter].map((mb) => `${mb} MB`).join(' → ')} |`,
    ].join('\n');
    return [
      '## HTTP throughput',
      '',
      `autocannon -c ${connections} -d ${duration} s, one target at a time, each right after its baseline (the raw hello world, unless the row says otherwise); the ratio is of the two.`,
      '',
      table,
      '',
      `### Soak: 256 connections for ${soak} s`,
      '',
      soakTable,
      '',
    ].join('\n');
  } finally {
    stopAll();
    process.off('exit', stopAll);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      connections: { type: 'string', default: '32' },
      duration: { type: 'string', default: '8' },
      soak: { type: 'string', default: '60' },
      'data-dir': { type: 'string', default: join(tmpdir(), 'dr-bench-shop') },
      out: { type: 'string', default: 'bench/results/http.md' },
    },
  });
  const section = await runHttp({
    connections: Number(values.connections),
    duration: Number(values.duration),
    soak: Number(values.soak),
    dataDir: values['data-dir'],
  });
  const report = `${section}\n${new Date().toISOString()}. ${describeMachine()}\n`;
  mkdirSync(dirname(values.out), { recursive: true });
  writeFileSync(values.out, report);
  console.log(`\n${report}`);
}
