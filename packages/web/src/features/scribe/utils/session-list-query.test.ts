import { describe, expect, it } from 'vitest';
import { scribeSessionsRequest, sessionStage } from './session-list-query.ts';

describe('the scribe sessions list', () => {
  it('asks for scribe sessions across patients, newest first', () => {
    expect(scribeSessionsRequest()).toEqual({
      filters: [{ field: 'kind', op: 'eq', value: 'ScribeSession' }],
      orderBy: 'EncounterDate',
      order: 'desc',
      crossPartition: true,
    });
  });

  it("reads a session's stage from its links", () => {
    const ref = (id: string) => ({ resourceType: 'X', id });
    expect(sessionStage({})).toBe('New');
    expect(sessionStage({ scribe: { format: 'BIRP', recordings: [ref('m')] } })).toBe('Transcribing');
    expect(sessionStage({ scribe: { format: 'BIRP', transcription: ref('t') } })).toBe('Transcribed');
    expect(sessionStage({ scribe: { format: 'BIRP', transcription: ref('t'), generatedNote: ref('n') } })).toBe('Drafted');
  });
});
