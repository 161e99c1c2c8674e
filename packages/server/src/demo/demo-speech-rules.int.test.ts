import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { writeSpeechRulesDemo } from './demo-speech-rules.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe("the demo's speech rules", () => {
  it("are the practice's, and one the clinician wrote herself; written once", async () => {
    const clinician = await t.createUser({ roles: ['Non-Prescribing Clinician'] });
    const input = { practiceId: t.practiceId, seed: 7, clinician: clinician.profile };
    expect(await writeSpeechRulesDemo(t.server.app.db, t.server.app.audit, input)).toBe(5);
    expect(await writeSpeechRulesDemo(t.server.app.db, t.server.app.audit, input)).toBe(0);
    const rules = (await clinician.client.request('GET', 'SpeechRules')).body as Record<string, any>[];
    expect(rules.filter((r) => r.scope === 'practice')).toHaveLength(4);
    expect(rules.find((r) => r.scope === 'personal')).toMatchObject({
      spoken: 'box breathing',
      author: { resourceType: clinician.profile.resourceType, id: clinician.profile.id },
    });
  });
});
