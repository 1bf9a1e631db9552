import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateNginxConfig, NGINX_CONF_PATH } from './nginx.ts';

describe('deploy/nginx.conf', () => {
  it('is what the route table generates (run `npm run deploy:nginx` after changing shared/routes.ts)', () => {
    expect(readFileSync(NGINX_CONF_PATH, 'utf8')).toBe(generateNginxConfig());
  });

  it('takes the deployment paths as options', () => {
    const conf = generateNginxConfig({ siteDir: '/srv/x/site', upstream: '10.0.0.5:8080', serverName: 'tienda.example.es' });
    expect(conf).toContain('root /srv/x/site/current;');
    expect(conf).toContain('alias /srv/x/site/media/;');
    expect(conf).toContain('server 10.0.0.5:8080;');
    expect(conf).toContain('server_name tienda.example.es;');
  });
});
