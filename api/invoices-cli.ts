/**
 * `npm run invoices -- <command>` (docs/decisions/043):
 *   verify          recomputes every record of every chain; names the first that does not match (exit 1)
 *   issue-missing   issues the invoices of money received while no issuer was configured
 *   send            sends the pending VERI*FACTU records now (within the AEAT's waiting time)
 */
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { certificateTransport, sendPendingRecords } from './services/invoices/aeat-queue.ts';
import { reconcileInvoices } from './services/invoices/issue.ts';
import { verifyChains } from './services/invoices/verify.ts';

const [command] = process.argv.slice(2);
const config = loadConfig();
const db = openDatabase({ url: config.databaseUrl });
let failed = false;
try {
  if (command === 'verify') {
    const reports = await verifyChains(db);
    if (reports.length === 0) console.log('No hay registros de facturación todavía.');
    for (const r of reports) {
      if (r.broken) {
        failed = true;
        console.log(`${r.issuerNif}: la cadena se rompe en el registro ${r.broken.seq} (factura ${r.broken.invoiceNumber}): ${r.broken.reason}.`);
      } else console.log(`${r.issuerNif}: ${r.records} registros, cadena íntegra.`);
    }
  } else if (command === 'issue-missing') {
    if (!config.invoicing.issuer) throw new Error('Faltan los datos de la empresa emisora (INVOICE_ISSUER_NAME, INVOICE_ISSUER_NIF, INVOICE_ISSUER_ADDRESS).');
    const missing = await db
      .selectFrom('payments')
      .leftJoin('invoices', 'invoices.paymentId', 'payments.id')
      .select(['payments.bookingId'])
      .distinct()
      .where('payments.status', '=', 'CONFIRMED')
      .where('payments.paymentMethod', '!=', 'points')
      .where('invoices.id', 'is', null)
      .execute();
    for (const { bookingId } of missing)
      await db.transaction().execute((trx) => reconcileInvoices(trx, { config: config.invoicing, bookingId, now: new Date() }));
    console.log(`Facturas emitidas para ${missing.length} reservas con cobros sin factura.`);
  } else if (command === 'send') {
    const { outcome, records } = await sendPendingRecords(db, {
      config: config.invoicing,
      transport: certificateTransport(config.invoicing.aeat),
      now: new Date(),
    });
    const said = {
      nothing: 'No hay registros pendientes de envío.',
      waiting: 'Hay registros pendientes, pero aún no ha pasado el tiempo de espera que pidió la AEAT.',
      sent: `Enviados ${records} registros; su estado está en /admin/facturas.`,
      unreachable: `No se ha podido hablar con la AEAT: ${records} registros siguen en cola y se reintentarán.`,
      refused: `La AEAT ha rechazado el envío de ${records} registros: el motivo está en /admin/facturas.`,
      'not-issuing': 'No se emiten facturas: faltan los datos de la empresa emisora.',
    } as const;
    console.log(said[outcome]);
    failed = outcome === 'unreachable' || outcome === 'refused';
  } else {
    failed = true;
    console.log('Uso: npm run invoices -- verify | issue-missing | send');
  }
} finally {
  await db.destroy();
}
process.exit(failed ? 1 : 0);
