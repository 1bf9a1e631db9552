import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './db/seed/accounts.ts';
import { startBanner } from './start-banner.ts';
import { testConfig } from '../tests/support/test-config.ts';

describe('the demo outside a demo (issue 29, hole 2)', () => {
  it('seeds the demo by default only outside production; in production only when asked for by name', () => {
    expect(testConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(testConfig({ NODE_ENV: 'production', AUTH_SECRET: 's'.repeat(40) }).seedDemo).toBe(false);
    expect(testConfig({ NODE_ENV: 'production', AUTH_SECRET: 's'.repeat(40), SEED_DEMO: 'demo' }).seedDemo).toBe(true);
    expect(testConfig({ NODE_ENV: 'development', SEED_DEMO: 'never' }).seedDemo).toBe(false);
    expect(testConfig({ NODE_ENV: 'production', AUTH_SECRET: 's'.repeat(40) }).allowDemoAccounts).toBe(false);
    expect(() => testConfig({ SEED_DEMO: 'siempre' })).toThrow(/SEED_DEMO/);
  });

  it('prints the demo passwords at start in development, never in production', () => {
    const passwords = DEMO_ACCOUNTS.map((a) => a.password);
    const development = startBanner({ publicUrl: 'http://localhost:4321', seedDemo: true, env: 'development' }).join('\n');
    for (const password of passwords) expect(development).toContain(password);
    const production = startBanner({ publicUrl: 'https://www.example.es', seedDemo: true, env: 'production' }).join('\n');
    expect(production).toContain('La tienda está en marcha: https://www.example.es');
    for (const password of passwords) expect(production).not.toContain(password);
  });
});
