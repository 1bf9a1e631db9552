import { Hono } from 'hono';
import { CompanySaveSchema } from '#shared/schemas/company.ts';
import type { AppDeps } from '../app-deps.ts';
import { actorOf, type ApiEnv } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import { companyChange, readCompany, saveCompany } from '../services/content/company.ts';
import { validate } from '../validation.ts';

/**
 * `/api/admin/company`, admins only: the company's data (issue 33). A save that changes something publishes
 * every page again (they all show it in the footer); the answer names the publication.
 */
export function adminCompanyRoutes({ db, rebuilds }: AppDeps) {
  return new Hono<ApiEnv>()
    .get('/', allow('admin'), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ company: await readCompany(db) });
    })
    .put('/', allow('admin'), validate('json', CompanySaveSchema), async (c) => {
      const { version, requestId, ...fields } = c.req.valid('json');
      const { applied, changed } = await saveCompany(db, { ...fields, version, requestId, actor: actorOf(c.var.auth), now: new Date() });
      const publication = applied && changed ? (rebuilds?.publish(companyChange, 'datos de la empresa cambiados') ?? null) : null;
      return c.json({ applied, changed, publication, company: await readCompany(db) });
    });
}
