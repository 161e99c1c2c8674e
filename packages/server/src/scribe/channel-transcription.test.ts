import { describe, expect, it } from 'vitest';
import { mergeChannels } from './channel-transcription.ts';

describe('mergeChannels', () => {
  it('labels each segment by its channel, orders all by start and numbers them again', () => {
    const merged = mergeChannels([
      [
        { id: 's1', start: 0, end: 2, text: 'How was the week?' },
        { id: 's2', start: 6, end: 7, text: 'Good.' },
      ],
      [
        { id: 's1', start: 2.5, end: 5, text: 'Hard.', speaker: 'SPEAKER_00' },
        { id: 's2', start: 6, end: 6.5, text: 'Yes.' },
      ],
    ]);
    expect(merged).toEqual([
      { id: 's1', start: 0, end: 2, text: 'How was the week?', speaker: 'Speaker 1' },
      { id: 's2', start: 2.5, end: 5, text: 'Hard.', speaker: 'Speaker 2' },
      { id: 's3', start: 6, end: 7, text: 'Good.', speaker: 'Speaker 1' },
      { id: 's4', start: 6, end: 6.5, text: 'Yes.', speaker: 'Speaker 2' },
    ]);
  });

  it('keeps an untimed segment after the timed one before it on its channel', () => {
    const merged = mergeChannels([
      [
        { id: 's1', start: 4, end: 5, text: 'a' },
        { id: 's2', text: 'b' },
      ],
      [{ id: 's1', start: 4.5, end: 6, text: 'c' }],
    ]);
    expect(merged.map((s) => [s.id, s.text])).toEqual([
      ['s1', 'a'],
      ['s2', 'b'],
      ['s3', 'c'],
    ]);
  });
});
