import { describe, expect, it } from 'vitest';
import { parseSpeakerText, parseSrt, parseWebVtt, TRANSCRIPT_MESSAGES } from './transcript-parsers.ts';

/** As Microsoft Teams writes it: cue ids, voice spans, hours in times. */
const TEAMS_VTT = `WEBVTT

0b7c6c2e-9c1e-4b1a-a5b6-1f0cbe0e3f6a/12-0
00:00:03.120 --> 00:00:06.480
<v Dr. Maya Reyes>How has your sleep been since we last met?</v>

0b7c6c2e-9c1e-4b1a-a5b6-1f0cbe0e3f6a/13-0
00:00:07.010 --> 00:00:11.950
<v Jordan Ellis>Better, I&#39;m getting about six hours &amp; waking up once.</v>
`;

/** As Zoom writes it: numbered cues, the speaker as a `Name:` prefix, no hours. */
const ZOOM_VTT = `WEBVTT

1
00:01.000 --> 00:04.500
Maya Reyes: Let's review the breathing exercise.

2
00:05.000 --> 00:09.000
Jordan Ellis: I used it twice before work
and it helped.
`;

describe('parseWebVtt', () => {
  it('reads Teams voice spans, entities and hour times', () => {
    const parsed = parseWebVtt(TEAMS_VTT);
    expect(parsed.segments).toEqual([
      { id: 's1', start: 3.12, end: 6.48, speaker: 'Dr. Maya Reyes', text: 'How has your sleep been since we last met?' },
      { id: 's2', start: 7.01, end: 11.95, speaker: 'Jordan Ellis', text: "Better, I'm getting about six hours & waking up once." },
    ]);
  });

  it('reads Zoom speaker prefixes and joins wrapped payload lines', () => {
    const parsed = parseWebVtt(ZOOM_VTT);
    expect(parsed.segments[1]).toEqual({
      id: 's2',
      start: 5,
      end: 9,
      speaker: 'Jordan Ellis',
      text: 'I used it twice before work and it helped.',
    });
  });

  it('skips NOTE and STYLE blocks, strips class spans and splits two voices of one cue', () => {
    const text = [
      'WEBVTT - session',
      '',
      'NOTE exported',
      '',
      'STYLE',
      '::cue { color: red }',
      '',
      '00:00:01.000 --> 00:00:02.000 align:start',
      '<v.loud Clinician><c.blue>Hello</c></v><v Patient>Hi</v>',
    ].join('\n');
    expect(parseWebVtt(text).segments.map((s) => [s.speaker, s.text])).toEqual([
      ['Clinician', 'Hello'],
      ['Patient', 'Hi'],
    ]);
  });

  it('refuses a file without the header, a cue without timing and one ending before it starts', () => {
    expect(() => parseWebVtt('00:00:01.000 --> 00:00:02.000\nHi')).toThrow(TRANSCRIPT_MESSAGES.notWebVtt);
    expect(() => parseWebVtt('WEBVTT\n\n1\n2\nHello')).toThrow(TRANSCRIPT_MESSAGES.badTiming(3));
    expect(() => parseWebVtt('WEBVTT\n\n00:00:01.000 --> 00:00:0x.000\nHi')).toThrow(TRANSCRIPT_MESSAGES.badTiming(3));
    expect(() => parseWebVtt('WEBVTT\n\n00:00:05.000 --> 00:00:01.000\nHi')).toThrow(TRANSCRIPT_MESSAGES.backwards(3));
    expect(() => parseWebVtt('WEBVTT\n')).toThrow(TRANSCRIPT_MESSAGES.empty);
  });
});

describe('parseSrt', () => {
  it('reads numbered blocks with comma times and speaker prefixes, with CRLF endings', () => {
    const text =
      '1\r\n00:00:01,000 --> 00:00:03,250\r\nClinician: What brings you in?\r\n\r\n' +
      '2\r\n00:00:04,000 --> 00:00:06,000\r\n[Patient] Panic attacks.\r\n';
    expect(parseSrt(text).segments).toEqual([
      { id: 's1', start: 1, end: 3.25, speaker: 'Clinician', text: 'What brings you in?' },
      { id: 's2', start: 4, end: 6, speaker: 'Patient', text: 'Panic attacks.' },
    ]);
  });

  it('refuses a block without timing, naming its line', () => {
    expect(() => parseSrt('1\n00:00:01,000 --> 00:00:02,000\nHi\n\n2\nno timing here\n')).toThrow(TRANSCRIPT_MESSAGES.badTiming(6));
  });
});

describe('parseSpeakerText', () => {
  it('starts a turn at each label and continues unlabelled lines', () => {
    const text =
      'Clinician: How was the week?\nPatient: Hard. I missed two days of work\n' +
      'because of the panic.\n\nClinician: Let us practise grounding.';
    expect(parseSpeakerText(text).segments).toEqual([
      { id: 's1', speaker: 'Clinician', text: 'How was the week?' },
      { id: 's2', speaker: 'Patient', text: 'Hard. I missed two days of work because of the panic.' },
      { id: 's3', speaker: 'Clinician', text: 'Let us practise grounding.' },
    ]);
  });

  it('does not take a sentence with a colon for a label', () => {
    expect(parseSpeakerText('She said this. Then: nothing more').segments[0]).toEqual({
      id: 's1',
      text: 'She said this. Then: nothing more',
    });
  });
});
