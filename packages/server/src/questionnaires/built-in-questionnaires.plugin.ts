import fp from 'fastify-plugin';
import { practicesMissingBuiltIns, seedBuiltInQuestionnaires } from './built-in-questionnaires.ts';

/**
 * Built-in assessments in every practice: seeded when a practice is provisioned, and at start-up
 * into practices provisioned before they existed (one query finds those; usually none).
 */
export const builtInQuestionnairesPlugin = fp(
  async (app) => {
    app.practices.onProvision((practiceId) => seedBuiltInQuestionnaires(app.db, app.audit, practiceId));
    app.addHook('onReady', async () => {
      for (const practiceId of await practicesMissingBuiltIns(app.db)) {
        await seedBuiltInQuestionnaires(app.db, app.audit, practiceId);
      }
    });
  },
  { name: 'built-in-questionnaires', dependencies: ['storage', 'audit'] },
);
