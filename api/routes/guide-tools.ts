import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { validator } from 'hono/validator';
import { z } from 'zod';
import {
  type ExpenseDecisionAnswer,
  ExpenseDecisionSchema,
  GUIDE_TOOL_MESSAGES,
  type GuideAssignmentAnswer,
  GuideAssignmentSchema,
  GuideExpenseListQuerySchema,
  GuideExpenseSchema,
  GuideHelpSchema,
  GuideReportSchema,
  RECEIPT_MAX_BYTES,
} from '#shared/schemas/guide-tools.ts';
import type { AppDeps } from '../app-deps.ts';
import type { ApiEnv, AuthContext } from '../auth-context.ts';
import { AppError } from '../errors.ts';
import { allow, requireAuth } from '../middleware/access.ts';
import { enforceRateLimit } from '../middleware/rate-limit.ts';
import { assignGuide, guideAssignmentView, removeGuide } from '../services/guides/assignments.ts';
import { guideCaller } from '../services/guides/caller.ts';
import { decideGuideExpense, guideExpenseView, listGuideExpenses, registerGuideExpense } from '../services/guides/expenses.ts';
import { departureReports, guideReportScreen, saveGuideReport } from '../services/guides/reports.ts';
import { guideSupportView, sendGuideHelp } from '../services/guides/support.ts';
import { RATE_LIMITS } from '../services/platform/rate-limits.ts';
import { parseInput, validate } from '../validation.ts';

const Key = z.string().min(1).max(100);
const PeriodParam = validate('param', z.object({ tourId: Key, periodId: Key }));
const ReportParam = validate('param', z.object({ periodId: Key, guideId: Key }));
const OneParam = validate('param', z.object({ periodId: Key }));
const IdParam = validate('param', z.object({ id: Key }));
const actorOf = (auth: AuthContext) => ({ userId: auth.userId, email: auth.email });
const todayUtc = (now: Date) => now.toISOString().slice(0, 10);
/** Room for the multipart envelope and the expense's fields around the largest receipt allowed. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * `/api/guide-tools`, the guides' tools of issue 14 (docs/decisions/024-guide-tools.md):
 * - staff assign guides to a departure (`/assignments/{tourId}/{periodId}`, admins only);
 * - the guide's report of a departure (`/reports/{periodId}[/{guideId}]`);
 * - the office's contacts and the urgent-help form (`/support`);
 * - the guide's expenses, and staff's decision on them (`/expenses`).
 * Guides reach only their own departures and expenses: any other id is 404. Answers are never cached.
 */
export function guideToolRoutes({ db, config }: AppDeps) {
  const caller = async (c: Parameters<typeof requireAuth>[0]) => guideCaller(db, requireAuth(c));
  const signing = () => ({ secret: config.authSecret, now: new Date() });
  return (
    new Hono<ApiEnv>()
      .use(async (c, next) => {
        c.header('Cache-Control', 'no-store');
        await next();
      })
      // Assignments (admins)
      .get('/assignments/:tourId/:periodId', allow('admin'), PeriodParam, async (c) => c.json(await guideAssignmentView(db, c.req.valid('param'))))
      .post('/assignments/:tourId/:periodId', allow('admin'), PeriodParam, validate('json', GuideAssignmentSchema), async (c) => {
        const { tourId, periodId } = c.req.valid('param');
        const { requestId, guideId } = c.req.valid('json');
        const now = new Date();
        const press = { tourId, periodId, guideId, requestId, actor: actorOf(requireAuth(c)), now };
        const result = await assignGuide(db, { ...press, publicUrl: config.publicUrl });
        const answer: GuideAssignmentAnswer = { ...result, view: await guideAssignmentView(db, { tourId, periodId }) };
        return c.json(answer);
      })
      .post('/assignments/:tourId/:periodId/remove', allow('admin'), PeriodParam, validate('json', GuideAssignmentSchema), async (c) => {
        const { tourId, periodId } = c.req.valid('param');
        const { requestId, guideId } = c.req.valid('json');
        const result = await removeGuide(db, { tourId, periodId, guideId, requestId, actor: actorOf(requireAuth(c)), now: new Date() });
        const answer: GuideAssignmentAnswer = { ...result, view: await guideAssignmentView(db, { tourId, periodId }) };
        return c.json(answer);
      })
      // Reports
      .get('/reports/:periodId', allow('guide'), OneParam, async (c) => {
        const { periodId } = c.req.valid('param');
        return c.json(await departureReports(db, { caller: await caller(c), periodId }));
      })
      .get('/reports/:periodId/:guideId', allow('guide'), ReportParam, async (c) => {
        const { periodId, guideId } = c.req.valid('param');
        return c.json(await guideReportScreen(db, { caller: await caller(c), periodId, guideId, today: todayUtc(new Date()) }));
      })
      .put('/reports/:periodId/:guideId', allow('guide'), ReportParam, validate('json', GuideReportSchema), async (c) => {
        const { periodId, guideId } = c.req.valid('param');
        const now = new Date();
        return c.json(await saveGuideReport(db, { caller: await caller(c), periodId, guideId, input: c.req.valid('json'), today: todayUtc(now), now }));
      })
      // Support
      .get('/support', allow('guide'), async (c) => {
        const who = await caller(c);
        return c.json(await guideSupportView(db, who.kind === 'guide' ? who.guide : null));
      })
      .post('/support', allow('guide'), validate('json', GuideHelpSchema), async (c) => {
        const auth = requireAuth(c);
        const who = await guideCaller(db, auth);
        if (who.kind !== 'guide') throw new AppError('FORBIDDEN', GUIDE_TOOL_MESSAGES.notAGuide);
        await enforceRateLimit(c, { db, limit: RATE_LIMITS.guideHelp, key: auth.email });
        return c.json(await sendGuideHelp(db, { guide: who.guide, help: c.req.valid('json'), now: new Date(), publicUrl: config.publicUrl }), 201);
      })
      // Expenses
      .get('/expenses', allow('guide'), validate('query', GuideExpenseListQuerySchema), async (c) =>
        c.json(await listGuideExpenses(db, { caller: await caller(c), query: c.req.valid('query'), ...signing() })),
      )
      .get('/expenses/:id', allow('guide'), IdParam, async (c) =>
        c.json(await guideExpenseView(db, { caller: await caller(c), id: c.req.valid('param').id, ...signing() })),
      )
      .post(
        '/expenses',
        allow('guide'),
        bodyLimit({
          maxSize: RECEIPT_MAX_BYTES + ENVELOPE_BYTES,
          onError: () => {
            throw new AppError('PAYLOAD_TOO_LARGE', GUIDE_TOOL_MESSAGES.receiptTooLarge, { receipt: GUIDE_TOOL_MESSAGES.receiptTooLarge });
          },
        }),
        // A form, for the receipt: checked below with the shared schema; declared so the screen's client knows its fields.
        validator('form', (value) => value as Record<keyof z.input<typeof GuideExpenseSchema>, string> & { receipt?: File | string }),
        async (c) => {
          const { receipt, ...fields } = c.req.valid('form');
          const input = parseInput(GuideExpenseSchema, fields);
          // Staff may read every expense but record none: only a guide pays on tour.
          const who = await caller(c);
          if (who.kind !== 'guide') throw new AppError('FORBIDDEN', GUIDE_TOOL_MESSAGES.notAGuide);
          const file = receipt instanceof File && receipt.size > 0 ? { name: receipt.name, bytes: new Uint8Array(await receipt.arrayBuffer()) } : null;
          const result = await registerGuideExpense(db, { caller: who, input: input, receipt: file, config, now: new Date() });
          return c.json(result, result.applied ? 201 : 200);
        },
      )
      .post('/expenses/:id/decision', allow('admin'), IdParam, validate('json', ExpenseDecisionSchema), async (c) => {
        const answer: ExpenseDecisionAnswer = await decideGuideExpense(db, {
          id: c.req.valid('param').id,
          decision: c.req.valid('json'),
          actor: actorOf(requireAuth(c)),
          ...signing(),
        });
        return c.json(answer);
      })
  );
}
