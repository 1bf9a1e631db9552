import { Hono } from 'hono';
import { SurveyParamSchema } from '#shared/schemas/tour-survey.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import { tourSurvey, tourSurveyCsv } from '../services/content/tour-survey.ts';
import { validate } from '../validation.ts';

/**
 * `/api/admin/surveys/{tourId}/{periodId}`, admins only (group drAdmin): the feedback of one departure for
 * /admin/tour/{tourID}/survey/{id}, as JSON for the screen and as a CSV download. A departure that is not
 * of that tour answers 404, like one that does not exist. Never cached: reviews keep arriving.
 */
export function adminTourSurveyRoutes({ db }: AppDeps) {
  return new Hono<ApiEnv>()
    .get('/:tourId/:periodId', allow('admin'), validate('param', SurveyParamSchema), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await tourSurvey(db, c.req.valid('param')));
    })
    .get('/:tourId/:periodId/export.csv', allow('admin'), validate('param', SurveyParamSchema), async (c) => {
      const { filename, body } = await tourSurveyCsv(db, c.req.valid('param'));
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="${filename}"`);
      c.header('Cache-Control', 'no-store');
      return c.body(body);
    });
}
