import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import legal from '../site/content/company-legal.json' with { type: 'json' };

const COMPANY_LEGAL = legal;

/** Redsys' public test key and merchant: they only work against a test terminal (ours or Redsys'). */
export const REDSYS_TEST_SECRET_KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
export const REDSYS_TEST_MERCHANT_CODE = '999008881';
/** Where the built-in sandbox terminal answers, under the shop's public address. */
export const REDSYS_SANDBOX_PATH = '/api/payments/sandbox/realizarPago';
/** Demo transfer account (a documentation IBAN): shown until BANK_TRANSFER_* are set. */
const DEMO_BANK_ACCOUNT = {
  iban: 'ES91 2100 0418 4502 0005 1332',
  beneficiary: 'Different Roads Viajes, S.L.',
  bank: 'Banco de demostración (datos de ejemplo)',
};

/** The AEAT's test service for VERI*FACTU records (certificates of a person or representative). */
export const AEAT_TEST_URL = 'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP';

/** Every environment variable the shop reads, with its default. README.md lists the same table. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(4321),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.url().optional(),
  // 'auto': the demo catalogue and accounts into an empty database, except in production; 'demo': also in
  // production (a public demo, which ALLOW_DEMO_ACCOUNTS=1 must then allow); 'never': an empty shop.
  SEED_DEMO: z.enum(['auto', 'demo', 'never']).default('auto'),
  // Production refuses to start while a demo account signs in with its published password, unless this is 1.
  ALLOW_DEMO_ACCOUNTS: z.enum(['0', '1']).default('0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  // Accounts and mail (see README's configuration table).
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  OAUTH_REDIRECT_BASE: z.url().optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  // Facebook Login for the web is OAuth 2.0 without discovery; FACEBOOK_ISSUER switches to OpenID discovery.
  FACEBOOK_ISSUER: z.url().optional(),
  FACEBOOK_AUTHORIZATION_URL: z.url().default('https://www.facebook.com/v23.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: z.url().default('https://graph.facebook.com/v23.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: z.url().default('https://graph.facebook.com/v23.0/me?fields=id,name,email'),
  // Where flight fares come from: 'stored' answers from the fares in the database (the only provider so far).
  FLIGHTS_PROVIDER: z.enum(['stored']).default('stored'),
  // Payments (see README): the Redsys terminal, by default the built-in sandbox, and the transfer account.
  REDSYS_URL: z.url().optional(),
  REDSYS_REST_URL: z.url().optional(),
  REDSYS_SECRET_KEY: z
    .string()
    .refine((key) => Buffer.from(key, 'base64').length === 24, 'must be the base64 key Redsys gives (24 bytes)')
    .optional(),
  REDSYS_MERCHANT_CODE: z
    .string()
    .regex(/^\d{1,9}$/, 'must be the 9-digit merchant code (FUC)')
    .default(REDSYS_TEST_MERCHANT_CODE),
  REDSYS_TERMINAL: z
    .string()
    .regex(/^\d{1,3}$/, 'must be the terminal number')
    .default('1'),
  BANK_TRANSFER_IBAN: z.string().min(15).optional(),
  BANK_TRANSFER_BENEFICIARY: z.string().min(2).optional(),
  BANK_TRANSFER_BANK: z.string().min(2).optional(),
  // Invoices (docs/decisions/043): the issuer, the provisional REAV margin, the AEAT's VERI*FACTU service.
  INVOICE_ISSUER_NAME: z.string().trim().min(2).max(120).optional(),
  INVOICE_ISSUER_NIF: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{9}$/, 'must be the 9-character NIF of the issuing company')
    .optional(),
  INVOICE_ISSUER_ADDRESS: z.string().trim().min(5).max(300).optional(),
  INVOICE_REAV_MARGIN_PERCENT: z.coerce.number().min(0).max(100).default(15),
  AEAT_VERIFACTU_URL: z.url().default(AEAT_TEST_URL),
  AEAT_CERT_P12_PATH: z.string().min(1).optional(),
  AEAT_CERT_P12_PASSWORD: z.string().optional(),
});

/** The card terminal (Redsys redirect protocol, HMAC_SHA256_V1). */
export interface RedsysConfig {
  /** Where the pay step posts the redirect form. */
  url: string;
  /** Where operations without the traveller go (refunds: transaction type 3), Redsys' trataPeticionREST. */
  restUrl: string;
  secretKey: string;
  merchantCode: string;
  terminal: string;
  /** `url` is the built-in sandbox terminal. */
  sandbox: boolean;
  /** The sandbox routes answer (never in production unless `url` points at them). */
  sandboxEnabled: boolean;
}

/** Invoicing (docs/decisions/043): `issuer` null means no invoice is issued, and the shop says why. */
export interface InvoicingConfig {
  issuer: { name: string; nif: string; address: string } | null;
  /** The provisional margin's share of the price, VAT included (REAV), in %. */
  reavMarginPercent: number;
  aeat: { url: string; certPath: string | null; certPassword: string | null; test: boolean };
}

export interface BankTransferConfig {
  iban: string;
  beneficiary: string;
  bank: string;
  /** Still the demo account: the pay step says so. */
  demo: boolean;
}

/**
 * A social sign-in provider: OpenID Connect with discovery (`issuer`), or plain OAuth 2.0 with explicit
 * endpoints (`endpoints`), as Facebook Login for the web is.
 */
export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  issuer: string | null;
  endpoints: { authorization: string; token: string; userinfo: string } | null;
  scope: string;
}

export interface Config {
  port: number;
  host: string;
  /** Database file, uploaded files and built sites live here: the one volume to back up. */
  dataDir: string;
  /** `postgres://…` or an SQLite file path. */
  databaseUrl: string;
  /** Uploaded and generated files (`{tourId}/{filename}`, `landing/{slug}/…`). */
  filesDir: string;
  /** Holds `builds/<hash>/` and the `current` link the server serves. */
  siteDir: string;
  publicUrl: string;
  /** Seed the demo into an empty database: asked for by name in production, by default elsewhere. */
  seedDemo: boolean;
  /** A public demo: production starts even while the demo accounts sign in with their published passwords. */
  allowDemoAccounts: boolean;
  env: 'development' | 'production' | 'test';
  /** Other origins whose pages may call the API with the visitor's cookies; none by default (CORS closed). */
  corsOrigins: string[];
  /** Behind a reverse proxy the client's address is the last `X-Forwarded-For` entry, not the socket's. */
  trustProxy: boolean;
  /** Signs access tokens and OAuth state, keys the hashes of codes. Required in production. */
  authSecret: string;
  /** `smtp://…` or `smtps://…`; null writes `.eml` files under `mailDir` instead of sending. */
  smtpUrl: string | null;
  mailFrom: string;
  mailDir: string;
  /** Origin the social providers redirect back to (`{base}/api/auth/oauth/{provider}/callback`). */
  oauthRedirectBase: string;
  /** Only configured providers are offered; null hides the button. */
  oauthProviders: { google: OAuthProviderConfig | null; facebook: OAuthProviderConfig | null };
  /** The flights provider the flights step asks (api/services/bookings/flights/provider.ts). */
  flightsProvider: 'stored';
  redsys: RedsysConfig;
  bankTransfer: BankTransferConfig;
  invoicing: InvoicingConfig;
  /** Settings that work but should not go live as they are; `npm start` prints them. */
  warnings: string[];
}

/**
 * Development keeps one generated secret under the data folder, so sessions survive a restart without
 * anyone setting AUTH_SECRET; tests get a fresh one per process. Production must set it: a secret
 * written beside the database would be backed up and copied with it.
 */
function developmentSecret(dataDir: string, env: Config['env']): string {
  const fresh = randomBytes(32).toString('base64url');
  if (env !== 'development') return fresh;
  const file = resolve(dataDir, 'auth-secret');
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, fresh, { flag: 'wx', mode: 0o600 });
    return fresh;
  } catch {
    // Another process wrote it first (or the folder is read-only): use the stored one when it is whole.
    try {
      const stored = readFileSync(file, 'utf8').trim();
      if (stored.length >= 32) return stored;
    } catch {
      /* unreadable: fall through to a secret for this process only */
    }
    return fresh;
  }
}

/** `CORS_ORIGINS`: comma-separated origins (`https://agencia.example`); a value that is not an origin stops the shop. */
function parseOrigins(list: string): string[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const origin = URL.canParse(entry) ? new URL(entry).origin : 'null';
      if (origin === 'null') throw new Error(`Invalid configuration: CORS_ORIGINS: '${entry}' is not an origin`);
      return origin;
    });
}

/** Reads and validates the environment once at start; a bad value stops the shop with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  if (e.NODE_ENV === 'production' && !e.AUTH_SECRET) {
    throw new Error('Invalid configuration: AUTH_SECRET: required in production (at least 32 random characters)');
  }
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const google =
    e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
      ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER, endpoints: null, scope: 'openid email profile' }
      : null;
  const facebook =
    e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET
      ? {
          clientId: e.FACEBOOK_CLIENT_ID,
          clientSecret: e.FACEBOOK_CLIENT_SECRET,
          issuer: e.FACEBOOK_ISSUER ?? null,
          endpoints: e.FACEBOOK_ISSUER ? null : { authorization: e.FACEBOOK_AUTHORIZATION_URL, token: e.FACEBOOK_TOKEN_URL, userinfo: e.FACEBOOK_USERINFO_URL },
          scope: e.FACEBOOK_ISSUER ? 'openid email profile' : 'email public_profile',
        }
      : null;
  const sandboxUrl = `${publicUrl.replace(/\/+$/, '')}${REDSYS_SANDBOX_PATH}`;
  const redsysUrl = e.REDSYS_URL ?? sandboxUrl;
  const sandbox = redsysUrl === sandboxUrl;
  // With a real terminal, Redsys' published test key would let anyone sign a notification of a paid order.
  if (e.NODE_ENV === 'production' && !sandbox && !e.REDSYS_SECRET_KEY) {
    throw new Error('Invalid configuration: REDSYS_SECRET_KEY: required in production when REDSYS_URL names a real terminal');
  }
  const warnings: string[] = [];
  if (e.NODE_ENV === 'production' && sandbox) {
    warnings.push(
      'Pagos simulados: REDSYS_URL apunta al terminal de pruebas integrado, que aprueba la tarjeta de prueba. Configura REDSYS_URL, REDSYS_SECRET_KEY, REDSYS_MERCHANT_CODE y REDSYS_TERMINAL antes de vender.',
    );
  }
  const issuerSet = Boolean(e.INVOICE_ISSUER_NAME && e.INVOICE_ISSUER_NIF && e.INVOICE_ISSUER_ADDRESS);
  if (e.NODE_ENV === 'production' && !issuerSet) {
    warnings.push(
      'Facturas: no se emite ninguna. Faltan los datos de la empresa emisora (INVOICE_ISSUER_NAME, INVOICE_ISSUER_NIF, INVOICE_ISSUER_ADDRESS); los cobros siguen, y las facturas pendientes se emiten con «npm run invoices -- issue-missing» cuando estén.',
    );
  }
  if (e.NODE_ENV === 'production' && issuerSet && !e.AEAT_CERT_P12_PATH) {
    warnings.push(
      'VERI*FACTU: los registros de facturación se guardan pero no se envían a la AEAT. Configura AEAT_CERT_P12_PATH y AEAT_CERT_P12_PASSWORD (el certificado de la empresa) y AEAT_VERIFACTU_URL (el servicio de producción).',
    );
  }
  if (e.NODE_ENV === 'production' && !e.BANK_TRANSFER_IBAN) {
    warnings.push('Transferencias: se muestra la cuenta de demostración. Configura BANK_TRANSFER_IBAN, BANK_TRANSFER_BENEFICIARY y BANK_TRANSFER_BANK.');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    // Empty is unset: SQLite would take '' for a temporary database, and the shop's data would vanish at exit.
    databaseUrl: e.DATABASE_URL || resolve(dataDir, 'shop.db'),
    filesDir: resolve(dataDir, 'files'),
    siteDir: resolve(dataDir, 'site'),
    publicUrl,
    seedDemo: e.SEED_DEMO === 'demo' || (e.SEED_DEMO === 'auto' && e.NODE_ENV !== 'production'),
    allowDemoAccounts: e.ALLOW_DEMO_ACCOUNTS === '1',
    env: e.NODE_ENV,
    corsOrigins: parseOrigins(e.CORS_ORIGINS),
    trustProxy: e.TRUST_PROXY === '1',
    authSecret: e.AUTH_SECRET ?? developmentSecret(dataDir, e.NODE_ENV),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? `Different Roads <no-reply@${new URL(publicUrl).hostname}>`,
    mailDir: resolve(dataDir, 'mail'),
    oauthRedirectBase: (e.OAUTH_REDIRECT_BASE ?? publicUrl).replace(/\/+$/, ''),
    oauthProviders: { google, facebook },
    flightsProvider: e.FLIGHTS_PROVIDER,
    redsys: {
      url: redsysUrl,
      // The terminal's REST entry beside its payment page, as Redsys publishes both (the sandbox's too).
      restUrl: e.REDSYS_REST_URL ?? redsysUrl.replace(/realizarPago$/, 'rest/trataPeticionREST'),
      secretKey: e.REDSYS_SECRET_KEY ?? REDSYS_TEST_SECRET_KEY,
      merchantCode: e.REDSYS_MERCHANT_CODE,
      terminal: e.REDSYS_TERMINAL,
      sandbox,
      sandboxEnabled: sandbox || e.NODE_ENV !== 'production',
    },
    bankTransfer: {
      iban: e.BANK_TRANSFER_IBAN ?? DEMO_BANK_ACCOUNT.iban,
      beneficiary: e.BANK_TRANSFER_BENEFICIARY ?? DEMO_BANK_ACCOUNT.beneficiary,
      bank: e.BANK_TRANSFER_BANK ?? DEMO_BANK_ACCOUNT.bank,
      demo: !e.BANK_TRANSFER_IBAN,
    },
    invoicing: {
      // Outside production the demo company stands in, so invoices can be seen and tested.
      issuer: issuerSet
        ? { name: e.INVOICE_ISSUER_NAME as string, nif: e.INVOICE_ISSUER_NIF as string, address: e.INVOICE_ISSUER_ADDRESS as string }
        : e.NODE_ENV === 'production'
          ? null
          : { name: COMPANY_LEGAL.legalName, nif: COMPANY_LEGAL.taxId, address: COMPANY_LEGAL.address },
      reavMarginPercent: e.INVOICE_REAV_MARGIN_PERCENT,
      aeat: {
        url: e.AEAT_VERIFACTU_URL,
        certPath: e.AEAT_CERT_P12_PATH ?? null,
        certPassword: e.AEAT_CERT_P12_PASSWORD ?? null,
        test: !/www1?0?\.agenciatributaria\.gob\.es/.test(e.AEAT_VERIFACTU_URL),
      },
    },
    warnings,
  };
}
