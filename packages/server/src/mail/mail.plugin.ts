import fp from 'fastify-plugin';
import type { Mailer } from './mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** The web app's address (CASELOAD_PUBLIC_URL, else the server's own URL), for links in e-mails. */
    publicUrl(): string;
  }
}

export interface MailPluginOptions {
  mailer: Mailer;
  publicUrl: () => string;
}

/** The mailer and the public address every e-mailed link starts with. */
export const mailPlugin = fp<MailPluginOptions>(
  async (app, options) => {
    app.decorate('mailer', options.mailer);
    app.decorate('publicUrl', options.publicUrl);
    app.addHook('onClose', async () => {
      const closable = options.mailer as Mailer & { close?: () => void };
      closable.close?.();
    });
  },
  { name: 'mail' },
);
