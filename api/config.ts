import { resolve } from 'node:path';
import { z } from 'zod';

/** Every environment variable the shop reads, with its default. README.md lists the same table. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(4321),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.url().optional(),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
});

export interface Config {
  port: number;
  host: string;
  /** Database file, uploaded files and built sites live here: the one volume to back up. */
  dataDir: string;
  /** `postgres://…` or an SQLite file path. */
  databaseUrl: string;
  /** Uploaded and generated files (`{tourId}/{filename}`, `landing/{slug}/…`). */
  filesDir: string;
  /** Holds `builds/<hash>/` and the `current` link the server serves. */
  siteDir: string;
  publicUrl: string;
  seedDemo: boolean;
  env: 'development' | 'production' | 'test';
}

/** Reads and validates the environment once at start; a bad value stops the shop with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? resolve(dataDir, 'shop.db'),
    filesDir: resolve(dataDir, 'files'),
    siteDir: resolve(dataDir, 'site'),
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    seedDemo: e.SEED_DEMO === 'auto',
    env: e.NODE_ENV,
  };
}
