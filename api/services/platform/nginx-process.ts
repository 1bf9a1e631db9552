/**
 * nginx started as a foreground child process with the generated site configuration, without touching the
 * system's own (/etc/nginx): for the local cluster (`npm run cluster`, api/cluster.ts) and the tests that
 * compare nginx with the Node server. Needs nginx and its brotli_static module (Debian: nginx-light
 * libnginx-mod-http-brotli-static).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** Whether nginx with brotli_static can run here. */
export const nginxAvailable = (): boolean => spawnSync('nginx', ['-v']).status === 0 && existsSync(BROTLI_MODULE);

export interface NginxProcess {
  process: ChildProcess;
  /** Lets open requests finish (SIGQUIT), then resolves when nginx has exited. */
  stop(): Promise<void>;
}

/**
 * Writes `siteConf` (from `generateNginxConfig`) and a main configuration under `workDir` (pid, logs,
 * temporary files), and starts nginx on them. The caller waits for its port to answer.
 */
export function startNginx({ workDir, siteConf }: { workDir: string; siteConf: string }): NginxProcess {
  mkdirSync(workDir, { recursive: true });
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `${k}_temp_path ${workDir}/${k};`).join(' ');
  writeFileSync(join(workDir, 'site.conf'), siteConf);
  writeFileSync(
    join(workDir, 'nginx.conf'),
    `load_module ${BROTLI_MODULE};\ndaemon off;\npid ${workDir}/nginx.pid;\nerror_log ${workDir}/error.log;\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  access_log off;\n  ${temp}\n  include ${workDir}/site.conf;\n}\n`,
  );
  const child = spawn('nginx', ['-c', join(workDir, 'nginx.conf')], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    process: child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}
