import { describe, expect, it } from 'vitest';
import { CHAT_PROMPTS, chatMessages, promptVersionFor } from './chat-prompts.ts';
import { formatFor } from './scribe-formats.ts';

describe('the chat prompt version', () => {
  it('is the format prompt version without instructions, and changes with the instructions', () => {
    expect(promptVersionFor('BIRP')).toBe(CHAT_PROMPTS.BIRP.version);
    expect(promptVersionFor('BIRP', '   ')).toBe(CHAT_PROMPTS.BIRP.version);
    const a = promptVersionFor('BIRP', 'Name the modality.');
    const b = promptVersionFor('BIRP', 'Name the modality used.');
    expect(a).toMatch(/^BIRP-\d{4}\.\d+\.\d+\+i\.[0-9a-f]{12}$/);
    expect(b).not.toBe(a);
    // Surrounding blanks are not part of the words sent, so not of the version either.
    expect(promptVersionFor('BIRP', ' Name the modality.\n')).toBe(a);
  });

  it('sends the instructions the version names, and the sections in the practice order', () => {
    const configurations = [
      { format: 'BIRP', sectionOrder: ['plan', 'behavior', 'intervention', 'response'], instructions: ' Be brief. ' },
    ];
    const input = {
      format: 'BIRP' as const,
      ...formatFor('BIRP', configurations),
      segments: [{ id: 's1', start: 0, end: 1, text: 'Hello.' }],
    };
    const [system, user] = chatMessages(input);
    expect(system!.content.endsWith('\nPractice instructions: Be brief.')).toBe(true);
    expect(user!.content.indexOf('- plan')).toBeLessThan(user!.content.indexOf('- behavior'));
  });
});
