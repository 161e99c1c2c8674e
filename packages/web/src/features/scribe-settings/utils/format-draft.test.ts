import { describe, expect, it } from 'vitest';
import { formatConfigurationsOf, formatsDraftOf, moveSection } from './format-draft.ts';

describe('the note formats draft', () => {
  it('reads every format, completing and cleaning stored section orders', () => {
    const draft = formatsDraftOf({
      defaultScribeNoteFormat: 'BIRP',
      scribeFormatConfigurations: [
        { format: 'SIRP', enabled: false },
        { format: 'BIRP', sectionOrder: ['plan', 'goal', 'plan'], instructions: 'Be brief.' },
      ],
    });
    expect(draft.defaultFormat).toBe('BIRP');
    expect(draft.formats.map((f) => f.format)).toEqual(['BIRP', 'DAP', 'GIRPP', 'SIRP', 'BEHAVIORAL_SOAP', 'HP', 'PHYSICAL_SOAP']);
    expect(draft.formats[0]).toEqual({
      format: 'BIRP',
      enabled: true,
      sectionOrder: ['plan', 'behavior', 'intervention', 'response'],
      instructions: 'Be brief.',
    });
    expect(draft.formats[3]!.enabled).toBe(false);
    expect(formatsDraftOf({}).defaultFormat).toBe('GIRPP');
  });

  it('saves one entry per format, trimmed instructions, blank ones left out', () => {
    const draft = formatsDraftOf({});
    draft.formats[0] = { ...draft.formats[0]!, instructions: '  Name the modality. ' };
    const saved = formatConfigurationsOf(draft);
    expect(saved).toHaveLength(7);
    expect(saved[0]).toEqual({
      format: 'BIRP',
      enabled: true,
      sectionOrder: ['behavior', 'intervention', 'response', 'plan'],
      instructions: 'Name the modality.',
    });
    expect(saved[1]).not.toHaveProperty('instructions');
  });

  it('moves a section, ignoring moves out of the list', () => {
    expect(moveSection(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveSection(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveSection(['a', 'b'], 0, 2)).toEqual(['a', 'b']);
  });
});
