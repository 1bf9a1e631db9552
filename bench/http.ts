/**
 * The shop's HTTP throughput as a ratio to raw `node:http` measured in the same run (issue 15): absolute
 * requests per second swing with whatever else the machine does, the ratio much less. autocannon drives
 * each target in turn from this process; the baseline and the shop each run in a process of their own.
 *
 *   node bench/http.ts [--connections 32] [--duration 8] [--data-dir DIR] [--out bench/results/http.md]
 *
 * The shop is started as `npm start` starts it (demo catalogue, built site) on a data folder that is kept
 * between runs (`--data-dir`, default under the OS's temp folder), so only the first run pays the build.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { describeMachine } from './machine.ts';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '32' },
    duration: { type: 'string', default: '8' },
    'data-dir': { type: 'string', default: join(tmpdir(), 'dr-bench-shop') },
    out: { type: 'string', default: 'bench/results/http.md' },
  },
});
const connections = Number(values.connections);
const duration = Number(values.duration);
const RAW_PORT = 4490;
const SHOP_PORT = 4491;

/** A raw `node:http` hello world: the ceiling a Node process on this machine reaches. */
const RAW_SERVER = `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'text/plain' }); s.end('hola'); }).listen(${RAW_PORT}, '127.0.0.1', () => console.log('listo'));`;

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
}

interface Measured {
  name: string;
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(target: Target, options: { connections: number; duration: number }): Promise<Measured> {
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections: options.connections,
    duration: options.duration,
  });
  return { name: target.name, rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A tour of the demo catalogue with a departure on sale: the page, its departures and a quote of it. */
async function shopTargets(base: string): Promise<Target[]> {
  const index = await fetch(`${base}/`).then((r) => r.text());
  const slug = index.match(/href="\/tour\/([a-z0-9-]+)"/)?.[1];
  if (!slug) throw new Error('No tour link found on the home page');
  const departures = await json<{ periodId: string; bookableAvailability: number }[]>(`${base}/api/tours/${slug}/departures`);
  const periodId = departures.find((d) => d.bookableAvailability >= 2)?.periodId;
  if (!periodId) throw new Error(`Tour ${slug} has no departure`);
  const quote = JSON.stringify({ periodId, travellers: [{ ageGroup: 'Adultos' }, { ageGroup: 'Adultos' }] });
  await json(`${base}/api/bookings/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: quote });
  return [
    { name: '`GET /api/nonexistent` (404 through the middleware)', url: `${base}/api/nonexistent` },
    { name: '`GET /api/health`', url: `${base}/api/health` },
    { name: `a static tour page (\`/tour/${slug}\`, br)`, url: `${base}/tour/${slug}`, headers: { 'accept-encoding': 'br, gzip' } },
    { name: '`GET /api/tours/{slug}/departures`', url: `${base}/api/tours/${slug}/departures` },
    {
      name: '`POST /api/bookings/quote`',
      url: `${base}/api/bookings/quote`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: quote,
    },
  ];
}

const children: ChildProcess[] = [];
const stopAll = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('exit', stopAll);

try {
  const dataDir = values['data-dir'];
  mkdirSync(dataDir, { recursive: true });
  console.log(`Arrancando la tienda en ${dataDir} (la primera vez carga la demo y construye la web)…`);
  children.push(
    await start(process.execPath, ['api/start.ts'], { PORT: String(SHOP_PORT), DATA_DIR: dataDir, NODE_ENV: 'development' }, /http:\/\/[^\s]+:4491/),
  );
  children.push(await start(process.execPath, ['-e', RAW_SERVER], {}, /listo/));
  const shop = `http://127.0.0.1:${SHOP_PORT}`;
  const targets = await shopTargets(shop);
  const options = { connections, duration };
  // Warm both servers (JIT, caches) before anything counts.
  await load({ name: 'warm', url: `http://127.0.0.1:${RAW_PORT}/` }, { connections, duration: 2 });
  for (const target of targets) await load(target, { connections, duration: 2 });

  const raw = await load({ name: 'raw `node:http` hello world', url: `http://127.0.0.1:${RAW_PORT}/` }, options);
  console.log(`${raw.name}: ${raw.rps.toFixed(0)} req/s`);
  const rows = [raw];
  for (const target of targets) {
    const measured = await load(target, options);
    console.log(`${measured.name}: ${measured.rps.toFixed(0)} req/s (${(measured.rps / raw.rps).toFixed(2)}×)`);
    rows.push(measured);
  }
  const table = [
    `| what | req/s | ratio to raw Node | p99 ms | non-2xx | errors |`,
    `|---|---|---|---|---|---|`,
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.rps.toFixed(0)} | ${(r.rps / raw.rps).toFixed(2)} | ${r.p99} | ${r.name.includes('nonexistent') ? `${r.non2xx} (404 expected)` : r.non2xx} | ${r.errors} |`,
    ),
  ].join('\n');
  const report = `## HTTP throughput\n\nautocannon -c ${connections} -d ${duration} s, one target at a time, ${new Date().toISOString()}.\n${describeMachine()}\n\n${table}\n`;
  mkdirSync(dirname(values.out), { recursive: true });
  writeFileSync(values.out, report);
  console.log(`\n${report}`);
} finally {
  stopAll();
}
