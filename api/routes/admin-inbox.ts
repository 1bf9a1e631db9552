import { Hono } from 'hono';
import { AssignSchema, InboxQuerySchema, ReplySchema, StatusSchema } from '#shared/schemas/inbox.ts';
import type { AppDeps } from '../app-deps.ts';
import { actorOf, type ApiEnv } from '../auth-context.ts';
import { allow } from '../middleware/access.ts';
import { assignQuestion, inboxDetail, listInbox, replyToQuestion, setQuestionStatus } from '../services/people/inbox.ts';
import { IdParam, validate } from '../validation.ts';

/**
 * `/api/admin/inbox`, admins only (issue 33): the customers' questions and their threads; reply, assign, close
 * or open again, each once per press. Every answer is the question as it is now.
 */
export function adminInboxRoutes({ db, config }: AppDeps) {
  const press = (c: { req: { valid: (k: 'param') => { id: string } }; var: ApiEnv['Variables'] }, requestId: string) => ({
    id: c.req.valid('param').id,
    requestId,
    actor: actorOf(c.var.auth),
    now: new Date(),
  });
  return new Hono<ApiEnv>()
    .get('/', allow('admin'), validate('query', InboxQuerySchema), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listInbox(db, c.req.valid('query')));
    })
    .get('/:id', allow('admin'), validate('param', IdParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await inboxDetail(db, c.req.valid('param').id));
    })
    .post('/:id/reply', allow('admin'), validate('param', IdParam), validate('json', ReplySchema), async (c) => {
      const { requestId, body } = c.req.valid('json');
      const { applied } = await replyToQuestion(db, config, { ...press(c, requestId), body });
      return c.json({ applied, detail: await inboxDetail(db, c.req.valid('param').id) });
    })
    .put('/:id/assign', allow('admin'), validate('param', IdParam), validate('json', AssignSchema), async (c) => {
      const { requestId, assignedTo } = c.req.valid('json');
      const { applied } = await assignQuestion(db, { ...press(c, requestId), assignedTo });
      return c.json({ applied, detail: await inboxDetail(db, c.req.valid('param').id) });
    })
    .put('/:id/status', allow('admin'), validate('param', IdParam), validate('json', StatusSchema), async (c) => {
      const { requestId, status } = c.req.valid('json');
      const { applied } = await setQuestionStatus(db, { ...press(c, requestId), status });
      return c.json({ applied, detail: await inboxDetail(db, c.req.valid('param').id) });
    });
}
