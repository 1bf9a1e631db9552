/**
 * `npm run admin:create -- correo@empresa.es`: the first administrator of a real shop (and any later one).
 * The account is created, or an existing one becomes an administrator, and its owner is mailed a link to
 * choose the password: nobody types or reads a password here. The mail goes through the outbox, which the
 * running shop delivers (SMTP_URL, or an .eml file under DATA_DIR/mail/ without it).
 */
import { isValidEmail } from '#shared/rules/validation.ts';
import { loadConfig } from './config.ts';
import { openShopDatabase, StartupError } from './db/open-shop-database.ts';
import { inviteAdministrator } from './services/people/auth/accounts.ts';

const email = process.argv[2]?.trim().toLowerCase();
if (!email || !isValidEmail(email)) {
  console.error('Uso: npm run admin:create -- correo@empresa.es\nUsage: npm run admin:create -- name@company.com');
  process.exit(2);
}
const config = loadConfig();
let db: Awaited<ReturnType<typeof openShopDatabase>>;
try {
  db = await openShopDatabase(config);
} catch (error) {
  if (!(error instanceof StartupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
try {
  const { created } = await inviteAdministrator({ db, config }, { email, now: new Date() });
  console.log(
    `${created ? 'Cuenta creada' : 'La cuenta ya existía'}: ${email} es administrador. Le hemos enviado un enlace para elegir su contraseña (caduca en 24 horas).`,
  );
  console.log(
    config.smtpUrl
      ? 'La tienda en marcha entrega el correo por SMTP_URL.'
      : `Sin SMTP_URL, la tienda en marcha deja el correo en ${config.mailDir} como archivo .eml.`,
  );
} finally {
  await db.destroy();
}
