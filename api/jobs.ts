/**
 * The scheduled jobs, by hand: `npm run jobs -- points` credits the points of trips that came back and
 * queues their feedback mail (with the points just credited), `npm run jobs -- reminders` queues the
 * balance reminders of deadlines coming up, `npm run jobs -- info` sends the practical information of
 * departures coming up. The
 * server runs the same jobs on its own schedule; each is safe to run twice.
 */
import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { remindDeadlines } from './services/jobs/payment-reminders.ts';
import { sendPracticalInfo } from './services/jobs/practical-info.ts';
import { sendFeedbackMails } from './services/jobs/trip-feedback.ts';
import { creditTripPoints } from './services/jobs/trip-points.ts';

const JOBS = {
  points: 'Abonar los puntos de los viajes que han vuelto y pedir su opinión',
  reminders: 'Recordar los pagos cuyo plazo vence en los próximos días',
  info: 'Enviar la información práctica de las salidas de los próximos días',
} as const;
const name = process.argv[2] as keyof typeof JOBS | undefined;
if (!name || !(name in JOBS)) {
  console.error(
    `Uso: npm run jobs -- <tarea>\n${Object.entries(JOBS)
      .map(([k, v]) => `  ${k.padEnd(8)} ${v}`)
      .join('\n')}`,
  );
  process.exit(2);
}
const config = loadConfig(process.env);
const db = openDatabase({ url: config.databaseUrl });
await migrateToLatest(db);
if (name === 'points') {
  const { credited } = await creditTripPoints(db, new Date());
  const { mailed } = await sendFeedbackMails(db, config, new Date());
  console.log(
    `${JOBS[name]}: ${credited.length} reservas, ${credited.reduce((s, c) => s + c.points, 0)} puntos; ${mailed.length} correos para opinar en cola.`,
  );
} else if (name === 'reminders') {
  const { reminded } = await remindDeadlines(db, config, new Date());
  console.log(`${JOBS[name]}: ${reminded.length} recordatorios en cola.`);
} else {
  const { sent, skipped } = await sendPracticalInfo(db, config, new Date());
  console.log(`${JOBS[name]}: ${sent.length} correos en cola${skipped.length ? `, ${skipped.length} reservas sin correo al que escribir` : ''}.`);
}
await db.destroy();
