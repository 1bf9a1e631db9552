/**
 * The shop grown past one process (issue 16, docs/operations.md), on one machine with locally installed
 * packages: a PostgreSQL, several instances of the shop on it sharing one data folder (the built site,
 * uploaded files), and the generated nginx configuration in front, balancing between them. What
 * `deploy/compose.yaml` does with Docker.
 *
 *   npm run cluster                       # PostgreSQL, two instances and nginx on http://localhost:8080
 *   npm run cluster -- --instances 3 --port 8090 --dir /tmp/tienda
 *
 * The fault proofs start the same cluster with `tests/faults/shop-process.ts` as the instance (no site
 * build) and kill instances under load (tests/faults/cluster-stress.ts).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateNginxConfig, pageHeaderInputs } from './services/platform/nginx-config.ts';
import { nginxAvailable, type NginxProcess, startNginx } from './services/platform/nginx-process.ts';
import { loadConfig } from './config.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PG_SCRIPT = join(ROOT, 'tests/support/pg-throwaway.sh');

export interface ClusterOptions {
  /** Holds the shared data folder (`data/`), PostgreSQL's files when it starts one (`postgres/`) and nginx's (`nginx/`). */
  dir: string;
  /** nginx's port: the shop's address. */
  port: number;
  instances?: number;
  /** The first instance's port; the others follow it. */
  firstInstancePort?: number;
  /** An existing PostgreSQL; otherwise one is started under `dir` on `pgPort`. */
  databaseUrl?: string;
  pgPort?: number;
  /** The program each instance runs: the shop (`api/start.ts`) by default. */
  entry?: string;
  /** More environment for the instances. */
  env?: Record<string, string>;
  /** Where the instances' output goes; by default to this process's, prefixed with the instance. */
  onOutput?: (instance: number, line: string) => void;
}

export interface ShopInstance {
  port: number;
  process: ChildProcess;
}

export interface Cluster {
  url: string;
  databaseUrl: string;
  instances: ShopInstance[];
  /** Kills instance `i` with SIGKILL, as a crashed machine would stop it. */
  kill(i: number): Promise<void>;
  /** Starts instance `i` again and waits until it answers. */
  restart(i: number): Promise<void>;
  stop(): Promise<void>;
}

/** Resolves once `url` answers at all (any status: a shop without a built site is degraded, not down). */
async function waitForAnswer(url: string, { child, seconds }: { child?: ChildProcess; seconds: number }): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process ended with code ${child.exitCode}`);
    const answered = await fetch(url).then(
      async (res) => {
        await res.arrayBuffer();
        return true;
      },
      () => false,
    );
    if (answered) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/** The instances' shared signing secret, kept beside the data so a restarted cluster keeps its sessions. */
function clusterSecret(dir: string): string {
  const file = join(dir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { port, instances: count = 2, firstInstancePort = port + 1, pgPort = port + 100, entry = join(ROOT, 'api/start.ts') } = options;
  const dir = resolve(options.dir);
  const dataDir = join(dir, 'data');
  mkdirSync(dataDir, { recursive: true });
  // nginx's workers run as an unprivileged user and read the built site from the shared folder.
  chmodSync(dir, 0o755);
  chmodSync(dataDir, 0o755);

  let databaseUrl = options.databaseUrl;
  const pgDir = join(dir, 'postgres');
  if (!databaseUrl) {
    // A cluster left behind by a killed run goes first.
    spawnSync('bash', [PG_SCRIPT, 'stop', pgDir]);
    const started = spawnSync('bash', [PG_SCRIPT, 'start', pgDir, String(pgPort)], { encoding: 'utf8' });
    if (started.status !== 0) throw new Error(`PostgreSQL did not start: ${started.stderr.trim()}`);
    databaseUrl = started.stdout.trim();
  }
  const url = `http://localhost:${port}`;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    AUTH_SECRET: clusterSecret(dir),
    // Client addresses (rate limits) come from nginx's X-Forwarded-For.
    TRUST_PROXY: '1',
    ASTRO_DEV_BACKGROUND: '0',
    ...options.env,
  };
  const output =
    options.onOutput ??
    ((i: number, line: string) => {
      console.log(`[tienda ${i + 1}] ${line}`);
    });

  const instances: ShopInstance[] = [];
  const spawnInstance = (i: number): ShopInstance => {
    const instancePort = firstInstancePort + i;
    const child = spawn(process.execPath, [entry], { cwd: ROOT, env: { ...env, PORT: String(instancePort) }, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        for (const line of chunk.split('\n')) if (line.trim()) output(i, line);
      });
    }
    return { port: instancePort, process: child };
  };
  const ready = (i: number) => waitForAnswer(`http://127.0.0.1:${firstInstancePort + i}/api/health`, { child: instances[i]?.process, seconds: 600 });

  let nginx: NginxProcess | null = null;
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(
      instances.map(
        (instance) =>
          new Promise<void>((resolveExit) => {
            if (instance.process.exitCode !== null || instance.process.signalCode !== null) return resolveExit();
            instance.process.once('exit', () => resolveExit());
            instance.process.kill('SIGTERM');
          }),
      ),
    );
    if (!options.databaseUrl) spawnSync('bash', [PG_SCRIPT, 'stop', pgDir]);
  };

  try {
    // All at once: the instances agree among themselves (through PostgreSQL) which one builds the site.
    for (let i = 0; i < count; i++) instances.push(spawnInstance(i));
    await Promise.all(instances.map((_, i) => ready(i)));
    // The policy's inputs as `npm run deploy:nginx` reads them: the live build's script hashes.
    const siteDir = join(dataDir, 'site');
    const inputs = await pageHeaderInputs({ siteDir, config: loadConfig(env) });
    const siteConf = generateNginxConfig({
      siteDir,
      upstreams: instances.map((instance) => `127.0.0.1:${instance.port}`),
      serverName: 'localhost',
      ...inputs,
    })
      .replace(`listen 80;`, `listen 127.0.0.1:${port};`)
      .replace('    listen [::]:80;\n', '');
    nginx = startNginx({ workDir: join(dir, 'nginx'), siteConf });
    await waitForAnswer(`http://127.0.0.1:${port}/api/health`, { child: nginx.process, seconds: 30 });
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url,
    databaseUrl,
    instances,
    stop,
    kill: async (i) => {
      const instance = instances[i];
      if (!instance || instance.process.exitCode !== null || instance.process.signalCode !== null) return;
      const exited = new Promise<void>((resolveExit) => instance.process.once('exit', () => resolveExit()));
      instance.process.kill('SIGKILL');
      await exited;
    },
    restart: async (i) => {
      instances[i] = spawnInstance(i);
      await ready(i);
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', default: join(ROOT, 'data-cluster') },
      port: { type: 'string', default: '8080' },
      instances: { type: 'string', default: '2' },
      'database-url': { type: 'string' },
    },
  });
  if (!nginxAvailable()) {
    console.error('Falta nginx con brotli_static: apt-get install -y nginx-light libnginx-mod-http-brotli-static');
    process.exit(1);
  }
  console.log('Arrancando PostgreSQL, las instancias de la tienda y nginx…');
  const cluster = await startCluster({
    dir: values.dir,
    port: Number(values.port),
    instances: Number(values.instances),
    ...(values['database-url'] ? { databaseUrl: values['database-url'] } : {}),
  });
  console.log(`\nLa tienda está en marcha detrás de nginx: ${cluster.url}`);
  console.log(`Instancias: ${cluster.instances.map((i) => `127.0.0.1:${i.port}`).join(', ')} · PostgreSQL: ${cluster.databaseUrl}`);
  const shutdown = () => void cluster.stop().finally(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
