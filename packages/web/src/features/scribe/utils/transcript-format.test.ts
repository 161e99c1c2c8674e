import { describe, expect, it } from 'vitest';
import { guessTranscriptFormat, segmentTime } from './transcript-format.ts';

describe('the transcript to import', () => {
  it('takes the format from the file name first, then from the text', () => {
    expect(guessTranscriptFormat('anything', 'zoom.VTT')).toBe('vtt');
    expect(guessTranscriptFormat('WEBVTT', 'notes.srt')).toBe('srt');
    expect(guessTranscriptFormat('\uFEFFWEBVTT\n\n00:00.000 --> 00:01.000\nHi')).toBe('vtt');
    expect(guessTranscriptFormat('1\n00:00:01,000 --> 00:00:02,000\nHi')).toBe('srt');
    expect(guessTranscriptFormat('Clinician: How was the week?')).toBe('text');
  });

  it("shows a segment's time as m:ss, or h:mm:ss past an hour", () => {
    expect(segmentTime(6.5)).toBe('0:06');
    expect(segmentTime(225)).toBe('3:45');
    expect(segmentTime(3725)).toBe('1:02:05');
    expect(segmentTime(undefined)).toBe('');
  });
});
