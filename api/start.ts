/**
 * `npm start`: migrate, seed the demo catalogue into an empty database, build the static site if
 * there is none, then serve site and API on one port.
 */
import { certificateTransport, sendPendingRecords } from './services/invoices/aeat-queue.ts';
import { createSiteBuilder } from '#content-build/build.ts';
import { hasBuiltSite } from '#content-build/site-folder.ts';
import { loadConfig } from './config.ts';
import { type Db, dialectOf } from './db/database.ts';
import { lockDataFolder } from './db/data-folder-lock.ts';
import { openShopDatabase, StartupError } from './db/open-shop-database.ts';
import { keepDataPrivate } from './db/private-files.ts';
import { withSharedLock } from './db/shared-lock.ts';
import { isDatabaseEmpty, seedDemo } from './db/seed/index.ts';
import { createShop, listen } from './server.ts';
import { startBanner } from './start-banner.ts';
import { demoAccountsRefusal, demoAccountsThatSignIn } from './services/people/auth/demo-accounts.ts';
import { checklistLines, productionChecklist } from './services/platform/production-checklist.ts';
import { pruneExpiredTokens } from './services/people/auth/sessions.ts';
import { releaseExpiredHolds } from './services/bookings/seat-holds.ts';
import { remindDeadlines } from './services/jobs/payment-reminders.ts';
import { sendPracticalInfo } from './services/jobs/practical-info.ts';
import { sendFeedbackMails } from './services/jobs/trip-feedback.ts';
import { creditTripPoints } from './services/jobs/trip-points.ts';
import { startMailWorker } from './services/mail/worker.ts';
import { startWebhookWorker } from './services/integration/webhooks.ts';
import { createEventHub } from './services/content/events.ts';
import { createRebuildQueue } from './services/content/rebuilds.ts';
import type { CmsEvent, TourStatusEvent } from '#shared/schemas/cms.ts';
import { startInstanceBus } from './services/platform/instance-bus.ts';
import { offerReleasedSeats } from './services/bookings/waiting-list.ts';

const config = loadConfig();
// Settings that run but must not go live as they are (simulated payments, the demo bank account).
for (const warning of config.warnings) console.warn(`Aviso de configuración: ${warning}`);
let db: Db;
let releaseDataFolder = () => {};
try {
  // SQLite is one process's database: a second start on the same folder refuses (PostgreSQL instances share it).
  if (dialectOf(config.databaseUrl) === 'sqlite') releaseDataFolder = lockDataFolder(config.dataDir);
  db = await openShopDatabase(config);
  keepDataPrivate(config);
} catch (error) {
  if (!(error instanceof StartupError)) throw error;
  console.error(error.message);
  releaseDataFolder();
  process.exit(1);
}

// Instances starting together on one PostgreSQL: one of them seeds, the others find the catalogue there.
await withSharedLock(
  db,
  'seed-demo',
  async () => {
    if (!config.seedDemo || !(await isDatabaseEmpty(db))) return;
    console.log('Base de datos vacía: cargando el catálogo de demostración…');
    await seedDemo(db, { today: new Date().toISOString().slice(0, 10), filesDir: config.filesDir });
  },
  { wait: true },
);

// The demo's passwords are published: a production shop where one of its accounts signs in does not serve.
if (config.env === 'production' && !config.allowDemoAccounts) {
  const open = await demoAccountsThatSignIn(db);
  if (open.length > 0) {
    console.error(demoAccountsRefusal(open));
    await db.destroy();
    releaseDataFolder();
    process.exit(1);
  }
}

// The production checklist's items the shop can see (docs/operations.md): what is missing is said at every start.
if (config.env === 'production') for (const line of checklistLines(await productionChecklist(db, config))) console.warn(line);

// Full builds leave their process running as the page renderer of targeted rebuilds (staff edits).
// Instances on one PostgreSQL share the site folder: one build or publication at a time across all of
// them (each serves the new `current` within a second of its swap).
const oneAtATime = async <T>(work: () => Promise<T>): Promise<T> => {
  const result = await withSharedLock(db, 'site-build', work, { wait: true });
  if (!result.ran) throw new Error('unreachable: a waiting lock always runs');
  return result.value;
};
const site = createSiteBuilder({ db, databaseUrl: config.databaseUrl, siteDir: config.siteDir, filesDir: config.filesDir, exclusive: oneAtATime });
const build = () => oneAtATime(() => site.build());
// Every rebuild while the shop runs goes through this queue: content edits, the hourly schedule, start.
const rebuilds = createRebuildQueue({ run: build, publish: (change) => oneAtATime(() => site.publish(change)) });

// Another instance starting beside this one may be building already: the check is made under the lock.
const firstBuild = await oneAtATime(async () => {
  // A tour left UPDATING by a publication nobody saw end (a restart) is live as it was: under the lock,
  // no instance is publishing.
  await db.updateTable('tours').set({ status: 'ACTIVE' }).where('status', '=', 'UPDATING').execute();
  if (hasBuiltSite(config.siteDir)) return null;
  console.log('Construyendo la web estática…');
  return (await site.build()).info;
});
if (firstBuild) {
  console.log(`Web construida: ${firstBuild.pages} páginas.`);
} else {
  // Serve the existing site at once; a changed catalogue (or a new day's date window) rebuilds behind it.
  rebuilds.request('arranque');
}

const cmsEvents = createEventHub<TourStatusEvent>();
// Instances on one PostgreSQL tell each other their commits (kept reads drop at once) and staff events.
const otherInstancesEvents = createEventHub<CmsEvent>();
const bus = dialectOf(config.databaseUrl) === 'postgres' ? await startInstanceBus({ db, url: config.databaseUrl, onEvent: otherInstancesEvents.emit }) : null;
if (bus) {
  rebuilds.subscribe(bus.publish);
  cmsEvents.subscribe(bus.publish);
}
const server = await listen(createShop({ db, config, rebuilds, cmsEvents, otherInstancesEvents }), config.port, config.host);
// Delivers the outbox: SMTP_URL when set, else .eml files under DATA_DIR/mail/.
const mailer = startMailWorker({ db, config });
// Delivers the webhooks to the ERP's receivers, signed, with retries (docs/integration.md).
const webhooks = startWebhookWorker({ db, production: config.env === 'production' });
// Expired refresh and single-use tokens are deleted hourly.
const pruning = setInterval(() => void pruneExpiredTokens(db, { now: new Date() }).catch(() => {}), 60 * 60_000).unref();
// Hourly: trips that came back get their points and then the feedback mail that says so, deadlines coming
// up get their reminder, departures coming up send their practical information. Each job does each booking
// once, whoever runs it and however often.
// With several instances on one PostgreSQL, one of them runs each job at a time; the others skip that round.
const job = (name: string, work: () => Promise<unknown>, failure: string) =>
  void withSharedLock(db, `job:${name}`, work, { wait: false }).catch((err: unknown) => console.error(failure, err));
const pointsJob = setInterval(() => {
  job(
    'points',
    async () => {
      await creditTripPoints(db, new Date()).catch((err: unknown) => console.error('El abono de puntos ha fallado:', err));
      await sendFeedbackMails(db, config, new Date());
    },
    'Los correos para opinar del viaje han fallado:',
  );
  job('reminders', () => remindDeadlines(db, config, new Date()), 'Los recordatorios de pago han fallado:');
  job('practical-info', () => sendPracticalInfo(db, config, new Date()), 'El envío de la información práctica ha fallado:');
}, 60 * 60_000).unref();
// Seats held for a payment that never came go back on sale within a minute of the hold's expiry; then
// whoever waits for seats on a departure that has some free again (also after cancellations) is told.
const holdSweep = setInterval(
  () =>
    job(
      'hold-sweep',
      async () => {
        await releaseExpiredHolds(db, new Date()).catch((err: unknown) => console.error('La liberación de plazas caducadas ha fallado:', err));
        await offerReleasedSeats(db, new Date(), { publicUrl: config.publicUrl });
      },
      'El aviso a la lista de espera ha fallado:',
    ),
  60_000,
).unref();
// The VERI*FACTU records go to the AEAT as soon as the waiting time its last answer gave allows (docs/decisions/043).
const transport = config.invoicing.aeat.certPath || !config.invoicing.aeat.url.startsWith('https:') ? certificateTransport(config.invoicing.aeat) : null;
const verifactuJob = setInterval(
  () =>
    transport
      ? job(
          'verifactu',
          () => sendPendingRecords(db, { config: config.invoicing, transport, now: new Date() }),
          'El envío de registros de facturación a la AEAT ha fallado:',
        )
      : undefined,
  15_000,
).unref();
console.log(startBanner(config).join('\n'));

const stop = () => {
  rebuilds.stop();
  site.stop();
  clearInterval(pruning);
  clearInterval(holdSweep);
  clearInterval(pointsJob);
  clearInterval(verifactuJob);
  server.close();
  void Promise.all([mailer.stop(), webhooks.stop(), bus?.stop()])
    .then(() => db.destroy())
    .finally(() => {
      releaseDataFolder();
      process.exit(0);
    });
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
