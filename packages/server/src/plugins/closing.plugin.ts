import { MESSAGES, unavailable } from '@caseload/core';
import fp from 'fastify-plugin';

/** Seconds a client waits before trying again: by then another server, or this one restarted, answers. */
const RETRY_AFTER_SECONDS = 5;

/**
 * A request that arrives while the server shuts down (on a keep-alive connection busy when the
 * shutdown began, or pipelined behind a request still running) answers 503 with Retry-After in
 * the product's error shape, and Fastify closes its connection. Fastify's own answer
 * (`return503OnClosing`, turned off in app.ts) has a shape of its own.
 */
export const closingPlugin = fp(
  async (app) => {
    let closing = false;
    app.addHook('preClose', (done) => {
      closing = true;
      done();
    });
    app.addHook('onRequest', (_request, _reply, done) => {
      if (closing) done(unavailable(MESSAGES.shuttingDown, RETRY_AFTER_SECONDS));
      else done();
    });
  },
  { name: 'closing' },
);
