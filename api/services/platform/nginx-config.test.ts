import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../tests/support/test-config.ts';
import { pageContentSecurityPolicy } from '#api/middleware/security-headers.ts';
import { generateNginxConfig, NGINX_CONF_PATH, NGINX_DEFAULTS, pageHeaderInputs } from './nginx-config.ts';

describe('deploy/nginx.conf', () => {
  it('is what the route table generates (run `npm run deploy:nginx` after changing shared/routes.ts)', () => {
    expect(readFileSync(NGINX_CONF_PATH, 'utf8')).toBe(generateNginxConfig());
  });

  it('is what `npm run deploy:nginx` writes where no build sits at the default path, in the default environment', async () => {
    const { production, scriptHashes, formActions } = NGINX_DEFAULTS;
    expect(await pageHeaderInputs({ siteDir: NGINX_DEFAULTS.siteDir, config: testConfig({ NODE_ENV: 'test' }) })).toEqual({
      production,
      scriptHashes,
      formActions,
    });
  });

  it('takes the deployment paths as options', () => {
    const conf = generateNginxConfig({
      ...NGINX_DEFAULTS,
      siteDir: '/srv/x/site',
      upstreams: ['10.0.0.5:8080'],
      serverName: 'tienda.example.es',
      listen: 8080,
    });
    expect(conf).toContain('root /srv/x/site/current;');
    expect(conf).toContain('alias /srv/x/site/media/;');
    expect(conf).toContain('server 10.0.0.5:8080;');
    expect(conf).toContain('server_name tienda.example.es;');
    expect(conf).toContain('listen 8080;');
  });

  it('balances between several instances, leaving one that fails out for a while', () => {
    const conf = generateNginxConfig({ ...NGINX_DEFAULTS, upstreams: ['10.0.0.11:4321', '10.0.0.12:4321'] });
    expect(conf).toContain('    server 10.0.0.11:4321 max_fails=1 fail_timeout=5s;\n    server 10.0.0.12:4321 max_fails=1 fail_timeout=5s;');
    // Requests that never reached a dead instance go to the other; none is sent twice.
    expect(conf).toContain('proxy_next_upstream error timeout;');
    expect(conf).not.toContain('non_idempotent');
  });

  it("puts the pages' policy, with the build's hashes and form actions, and HSTS in production", () => {
    const inputs = { scriptHashes: ["'sha256-AAA='"], formActions: ['https://accounts.google.com'] };
    const conf = generateNginxConfig({ ...NGINX_DEFAULTS, ...inputs, production: true });
    expect(conf).toContain(`add_header Content-Security-Policy "${pageContentSecurityPolicy(inputs)}" always;`);
    expect(conf).toContain('add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;');
    expect(generateNginxConfig()).not.toContain('Strict-Transport-Security');
  });

  it('gives the headers to every location that answers by itself, and none to those proxied to the Node app', () => {
    const locations = generateNginxConfig()
      .split(/\n(?= {4}location )/)
      .slice(1);
    expect(locations.length).toBeGreaterThan(10);
    for (const location of locations) {
      const proxied = location.includes('proxy_pass');
      expect(location.includes('add_header Content-Security-Policy'), location.split('\n')[0]).toBe(!proxied);
      expect(location.includes('add_header X-Frame-Options "DENY" always;'), location.split('\n')[0]).toBe(!proxied);
    }
  });
});
