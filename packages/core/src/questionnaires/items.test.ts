import { describe, expect, it } from 'vitest';
import { GAD7, PHQ9 } from './built-in/index.ts';
import { questionCount } from './items.ts';
import type { QuestionnaireItem } from './types.ts';

describe('questionCount', () => {
  it('counts the questions at every depth, not the groups that hold them', () => {
    expect(PHQ9.items).toHaveLength(2);
    expect(questionCount(PHQ9.items)).toBe(10);
    expect(questionCount(GAD7.items)).toBe(8);
  });

  it('leaves out what takes no answer', () => {
    const items = [
      { linkId: 'h', type: 'Header', text: 'About you', items: [{ linkId: 'name', type: 'String', text: 'Name' }] },
      { linkId: 't', type: 'TextBlock', text: 'Read this' },
      { linkId: 'c', type: 'String', text: 'Note', variant: 'InformationalCallout' },
      { linkId: 's', type: 'Signature', text: 'Sign' },
      { linkId: 'r', type: 'TableReport', text: 'Sessions' },
      { linkId: 'g', type: 'Grid', text: 'Doses', items: [{ linkId: 'g1', type: 'String', text: 'Drug' }] },
      { linkId: 'b', type: 'Boolean', text: 'Consent?' },
    ] as QuestionnaireItem[];
    expect(questionCount(items)).toBe(3);
    expect(questionCount(undefined)).toBe(0);
  });
});
