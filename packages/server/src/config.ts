import path from 'node:path';
import { DEFAULT_DATABASE_LIMITS, type DatabaseLimits } from './db/database.ts';
import { scribeProvidersFrom, type ScribeProviders } from './scribe/scribe-providers.ts';

/** Server configuration, read once from the environment (documented in the README). */
export interface Config {
  port: number;
  host: string;
  /** An external PostgreSQL server; when absent the server starts an embedded one. */
  databaseUrl?: string;
  /** Embedded database files and the local content store live here. */
  dataDir: string;
  /** Time limits on waiting for a connection and on statements (docs/architecture.md, "Time limits"). */
  databaseLimits: DatabaseLimits;
  /** Largest content upload, whole or assembled from chunks, in bytes. */
  maxContentBytes: number;
  /** Largest JSON request body in bytes. */
  maxJsonBytes: number;
  /** The internal administrator created at first start, when both are set. */
  adminEmail?: string;
  adminPassword?: string;
  /** Outgoing mail server (`smtp://host:port`, `smtps://user:pass@host`); unset writes mail to `{dataDir}/outbox`. */
  smtpUrl?: string;
  /** The address users reach the web app at, for links in e-mails; unset uses the server's own URL. */
  publicUrl?: string;
  /** The From address of every e-mail. */
  mailFrom: string;
  /**
   * PEM files of the certificate and its key: the server then speaks HTTPS, HTTP/2 with HTTP/1.1
   * for clients that ask for it. Unset: plain HTTP/1.1 (behind a proxy that ends TLS, or local).
   */
  tls?: { certFile: string; keyFile: string };
  /** The scribe's providers (CASELOAD_SCRIBE_*; docs/scribe.md, "Providers"). */
  scribe: ScribeProviders;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/** True when only this machine can reach the server. */
export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const host = env.HOST || '127.0.0.1';
  return {
    port: intFrom(env.PORT, 8080, 'PORT'),
    host,
    databaseUrl: env.DATABASE_URL || undefined,
    // Relative to where `npm start` was typed (npm runs workspace scripts in the package folder).
    dataDir: path.resolve(env.INIT_CWD || process.cwd(), env.CASELOAD_DATA_DIR || './data'),
    databaseLimits: {
      connectMs: intFrom(env.CASELOAD_DB_CONNECT_TIMEOUT_MS, DEFAULT_DATABASE_LIMITS.connectMs, 'CASELOAD_DB_CONNECT_TIMEOUT_MS'),
      statementMs: intFrom(env.CASELOAD_DB_STATEMENT_TIMEOUT_MS, DEFAULT_DATABASE_LIMITS.statementMs, 'CASELOAD_DB_STATEMENT_TIMEOUT_MS'),
      longStatementMs: intFrom(
        env.CASELOAD_DB_LONG_STATEMENT_TIMEOUT_MS,
        DEFAULT_DATABASE_LIMITS.longStatementMs,
        'CASELOAD_DB_LONG_STATEMENT_TIMEOUT_MS',
      ),
    },
    maxContentBytes: intFrom(env.CASELOAD_MAX_CONTENT_BYTES, 100 * 1024 * 1024, 'CASELOAD_MAX_CONTENT_BYTES'),
    maxJsonBytes: intFrom(env.CASELOAD_MAX_JSON_BYTES, 4 * 1024 * 1024, 'CASELOAD_MAX_JSON_BYTES'),
    adminEmail: env.CASELOAD_ADMIN_EMAIL || undefined,
    adminPassword: env.CASELOAD_ADMIN_PASSWORD || undefined,
    smtpUrl: urlFrom(env.SMTP_URL, ['smtp:', 'smtps:'], 'SMTP_URL'),
    publicUrl: urlFrom(env.CASELOAD_PUBLIC_URL, ['http:', 'https:'], 'CASELOAD_PUBLIC_URL')?.replace(/\/+$/, ''),
    mailFrom: env.CASELOAD_MAIL_FROM || DEFAULT_MAIL_FROM,
    tls: tlsFrom(env.CASELOAD_TLS_CERT, env.CASELOAD_TLS_KEY),
    scribe: scribeProvidersFrom(env),
  };
}

function tlsFrom(certFile: string | undefined, keyFile: string | undefined): Config['tls'] {
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile) throw new Error('CASELOAD_TLS_CERT and CASELOAD_TLS_KEY go together: set both, or neither.');
  return { certFile: path.resolve(certFile), keyFile: path.resolve(keyFile) };
}

export const DEFAULT_MAIL_FROM = 'Caseload <no-reply@caseload.local>';

function urlFrom(value: string | undefined, protocols: string[], name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // The value is not echoed: an SMTP URL may carry a password.
    throw new Error(`${name} must be a URL.`);
  }
  if (!protocols.includes(url.protocol)) throw new Error(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}.`);
  return value;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}".`);
  return n;
}
