/**
 * The browser tests' shops: one `node api/start.ts` per lane (playwright.config.ts), started together so
 * their first builds share the two cores, instead of one after the other as Playwright starts its web
 * servers. Prints `E2E_SHOPS_READY` once every lane's health route answers, which Playwright waits for.
 * A shop that exits ends the launcher with its code; Playwright's stop ends the shops with it.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { START_OUTPUT_FILE } from './lane-shop.ts';

const lanes = JSON.parse(process.env.E2E_SHOP_LANES ?? '[]') as { port: number; dataDir: string }[];
if (lanes.length === 0) throw new Error('E2E_SHOP_LANES names no shop');

const shops = lanes.map(({ port, dataDir }, i) => {
  const shop = spawn(process.execPath, ['api/start.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (chunk: Buffer) => chunk.toString().replace(/^(?=.)/gm, `[tienda ${i}] `);
  // What the shop printed, as a newcomer running `npm start` reads it: tests/e2e/start.spec.ts checks it.
  const printed = createWriteStream(join(dataDir, START_OUTPUT_FILE));
  shop.stdout.on('data', (chunk: Buffer) => printed.write(chunk));
  shop.stdout.on('data', (chunk: Buffer) => process.stdout.write(prefix(chunk)));
  shop.stderr.on('data', (chunk: Buffer) => process.stderr.write(prefix(chunk)));
  shop.on('exit', (code, signal) => {
    console.error(`[tienda ${i}] terminó (${signal ?? code})`);
    stopAll();
    process.exit(code ?? 1);
  });
  return shop;
});

function stopAll(): void {
  for (const shop of shops) if (shop.exitCode === null) shop.kill('SIGTERM');
}
process.once('SIGTERM', () => {
  stopAll();
  process.exit(0);
});
process.once('SIGINT', () => {
  stopAll();
  process.exit(0);
});

async function healthy(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
  } catch {
    return false;
  }
}

const waiting = new Set(lanes.map((lane) => lane.port));
while (waiting.size > 0) {
  for (const port of waiting) if (await healthy(port)) waiting.delete(port);
  if (waiting.size > 0) await new Promise((resolve) => setTimeout(resolve, 250));
}
console.log(`E2E_SHOPS_READY: ${lanes.length} tiendas en marcha`);
