import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { nginxAvailable } from '#api/services/platform/nginx-process.ts';
import { runClusterStress } from '../faults/cluster-stress.ts';

// The short version of `npm run faults:cluster` (issue 16): two instances on one PostgreSQL behind the
// generated nginx config, one killed while visitors book the last seats of a departure. Where nginx and
// PostgreSQL are installed (CI installs both).
const postgres = spawnSync('bash', ['-c', 'ls /usr/lib/postgresql/*/bin/initdb']).status === 0;

describe.runIf(nginxAvailable() && postgres)('two instances on PostgreSQL behind nginx, one killed under load', () => {
  it('sells exactly the seats that exist, keeps every acknowledged booking and hold, and nginx answers through the other', async () => {
    const report = await runClusterStress({ seats: 60, clients: 8 });
    expect(report.problems).toEqual([]);
    expect(report.found.seatsLeft).toBe(0);
    expect(report.found.holdsSeats).toBe(60);
    expect(report.acknowledged.holds).toBeGreaterThan(0);
    expect(report.acknowledged.holds).toBeLessThanOrEqual(60);
    expect(report.failures.afterFailover).toBe(0);
    expect(report.answeredAfterKill).toBeGreaterThan(0);
  }, 240_000);
});
