import { HEADERS } from '@caseload/core';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ContentStore } from './content/content-store.ts';
import type { Database } from './db/database.ts';
import { builtInQuestionnairesPlugin } from './questionnaires/built-in-questionnaires.plugin.ts';
import { auditExportRoutes } from './audit/audit-export.routes.ts';
import { handleClientError, handleError, handleNotFound } from './http/error-handler.ts';
import { schemaValidationError } from './http/schema-errors.ts';
import { authPlugin } from './identity/auth.plugin.ts';
import { accountRoutes } from './identity/account.routes.ts';
import { authRoutes } from './identity/auth.routes.ts';
import { inviteRoutes } from './identity/invite.routes.ts';
import { mailPlugin } from './mail/mail.plugin.ts';
import type { Mailer } from './mail/mailer.ts';
import { noteRoutes } from './notes/notes.routes.ts';
import { carePlanRoutes } from './care-plans/care-plans.routes.ts';
import { packetRoutes } from './packets/packets.routes.ts';
import { schedulingRoutes } from './scheduling/scheduling.routes.ts';
import { scribeRoutes } from './scribe/scribe.routes.ts';
import type { ScribeProviders } from './scribe/scribe-providers.ts';
import { scribeSettingsRoutes } from './scribe/scribe-settings.routes.ts';
import { TranscriptionQueue } from './scribe/transcription-queue.ts';
import { patientMergeRoutes } from './patients/patient-merge.routes.ts';
import { practicePreferencesRoutes } from './practices/practice-preferences.routes.ts';
import { apiContractPlugin } from './plugins/api-contract.plugin.ts';
import { auditPlugin } from './plugins/audit.plugin.ts';
import { closingPlugin } from './plugins/closing.plugin.ts';
import { requestContextPlugin, requestIdFrom, serverTiming } from './plugins/request-context.plugin.ts';
import { storagePlugin } from './plugins/storage.plugin.ts';
import { utf8InputPlugin } from './plugins/utf8-input.plugin.ts';
import { apiReferenceRoutes } from './routes/api-reference.routes.ts';
import { contentRoutes } from './routes/content.routes.ts';
import { databaseRoutes } from './routes/database.routes.ts';
import { grantSetRoutes } from './routes/grant-sets.routes.ts';
import { resourceRoutes } from './routes/resource.routes.ts';
import { webRoutes } from './routes/web.routes.ts';
import { userRoutes } from './users/users.routes.ts';

export interface AppDependencies {
  db: Database;
  content: ContentStore;
  maxJsonBytes: number;
  maxContentBytes: number;
  logger?: boolean;
  clock?: () => Date;
  /** Sends invites and password-reset links (server.ts picks SMTP or the outbox). */
  mailer: Mailer;
  /** Where the web app is reached, for links in e-mails. */
  publicUrl: () => string;
  /** The scribe's transcription and chat providers (docs/scribe.md, "Providers"); none when absent. */
  scribe?: ScribeProviders;
  /** Certificate and key (PEM): HTTPS, HTTP/2 with HTTP/1.1 for clients that ask for it. */
  tls?: { cert: Buffer; key: Buffer };
}

/** Builds the HTTP application over its dependencies; starting and stopping are the caller's. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  // With a certificate: HTTP/2 over TLS, which carries a page's many chunks on one connection
  // (HTTP/1.1 allows six at a time), and HTTP/1.1 over TLS for any client that asks for it.
  // Node's HTTP/2 compatibility API gives handlers the same request and reply objects, so the
  // instance is typed as the HTTP/1.1 one every plugin is written against.
  const transport: object = deps.tls ? { http2: true, https: { allowHTTP1: true, cert: deps.tls.cert, key: deps.tls.key } } : {};
  const app = Fastify({
    ...transport,
    logger: deps.logger ? { level: 'info' } : false,
    bodyLimit: deps.maxJsonBytes,
    genReqId: (req) => requestIdFrom(req.headers),
    // Every handler answers in its own time; a long upload must not be cut off.
    requestTimeout: 0,
    // closingPlugin answers requests that arrive during shutdown, in the product's error shape.
    return503OnClosing: false,
    clientErrorHandler: handleClientError,
    // A request that fails its route's schema answers in the product's error shape and words.
    schemaErrorFormatter: schemaValidationError,
    // Errors Fastify meets before routing (a malformed URL) answer like every other error.
    frameworkErrors: (error, request, reply) => {
      // No hooks run for these: give the headers every response carries here.
      reply.header(HEADERS.requestId, request.id).header(HEADERS.serverTiming, serverTiming({ queries: 0, rows: 0, milliseconds: 0 }, 0));
      return handleError(error, request, reply);
    },
  });
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(handleNotFound);
  await app.register(requestContextPlugin);
  await app.register(apiContractPlugin);
  await app.register(closingPlugin);
  await app.register(utf8InputPlugin);
  await app.register(storagePlugin, { db: deps.db, content: deps.content, clock: deps.clock });
  await app.register(auditPlugin);
  await app.register(builtInQuestionnairesPlugin);
  await app.register(authPlugin);
  await app.register(mailPlugin, { mailer: deps.mailer, publicUrl: deps.publicUrl });
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(inviteRoutes);
  await app.register(userRoutes);
  await app.register(databaseRoutes);
  await app.register(grantSetRoutes);
  await app.register(patientMergeRoutes);
  await app.register(noteRoutes);
  await app.register(carePlanRoutes);
  await app.register(packetRoutes, { maxContentBytes: deps.maxContentBytes });
  await app.register(schedulingRoutes);
  await app.register(practicePreferencesRoutes);
  await app.register(auditExportRoutes);
  const transcriptions = new TranscriptionQueue({ db: deps.db, audit: app.audit, content: deps.content, clock: app.clock });
  app.decorate('transcriptions', transcriptions);
  const scribeProviders = deps.scribe ?? { timeoutMs: 120000 };
  await app.register(scribeRoutes, { providers: scribeProviders, queue: transcriptions });
  await app.register(scribeSettingsRoutes, { providers: scribeProviders });
  for (const [scope, prefix] of [
    ['practice', '/api/v1/practices/:practiceId/:collection'],
    ['global', '/api/v1/:collection'],
  ] as const) {
    await app.register(resourceRoutes, { prefix, scope });
    await app.register(contentRoutes, { prefix, scope, maxContentBytes: deps.maxContentBytes });
  }
  await app.register(apiReferenceRoutes);
  await app.register(webRoutes);
  return app;
}
