import { describe, expect, it } from 'vitest';
import { DEFAULT_SPEECH_RULE_TEMPLATES, applySpeechRules, effectiveSpeechRules } from './speech-rules.ts';

const templates = DEFAULT_SPEECH_RULE_TEMPLATES;

describe('applySpeechRules', () => {
  it('writes spoken punctuation, line breaks and instrument names', () => {
    const dictated = 'patient completed the p h q nine comma score twelve period new paragraph g a d seven was nine question mark';
    expect(applySpeechRules(dictated, { templates })).toBe('Patient completed the PHQ-9, score twelve.\n\nGAD-7 was nine?');
  });

  it('matches whatever case and marks an engine put between the spoken words, and digits for number words', () => {
    expect(applySpeechRules('Score on the P. H. Q. 9 improved.', { templates })).toBe('Score on the PHQ-9 improved.');
    expect(applySpeechRules('reviewed G-A-D seven new line plan', { templates })).toBe('Reviewed GAD-7\nPlan');
  });

  it('does not drop a mark the engine wrote beside a spoken one', () => {
    expect(applySpeechRules('she slept well. period', { templates })).toBe('She slept well.');
    expect(applySpeechRules('first point, comma second', { templates })).toBe('First point, second');
  });

  it('matches whole words only', () => {
    expect(applySpeechRules('the periodic review', { templates })).toBe('The periodic review');
  });

  it('never rewrites a replacement again', () => {
    const practice = [{ spoken: 'sertraline', written: 'sertraline period' }];
    expect(applySpeechRules('started sertraline', { templates, practice })).toBe('Started sertraline period');
  });

  it('lets personal rules override practice rules, and practice rules override templates', () => {
    const practice = [
      { spoken: 'P H Q nine', written: 'Patient Health Questionnaire-9' },
      { spoken: 'cee bee tee', written: 'cognitive behavioural therapy' },
    ];
    const personal = [{ spoken: 'cee bee tee', written: 'CBT' }];
    expect(applySpeechRules('p h q nine and cee bee tee', { templates, practice, personal })).toBe(
      'Patient Health Questionnaire-9 and CBT',
    );
    expect(applySpeechRules('p h q nine and cee bee tee', { templates, practice })).toBe(
      'Patient Health Questionnaire-9 and cognitive behavioural therapy',
    );
  });

  it('lets a nearer level switch a phrase off', () => {
    const personal = [{ spoken: 'period', written: '.', active: false }];
    expect(effectiveSpeechRules({ templates, personal }).some((r) => r.spoken === 'period')).toBe(false);
    expect(applySpeechRules('menstrual period', { templates, personal })).toBe('Menstrual period');
  });

  it('prefers the longest phrase', () => {
    const practice = [
      { spoken: 'new', written: 'NEW' },
      { spoken: 'new patient', written: 'new patient (intake)' },
    ];
    expect(applySpeechRules('a new patient new line', { templates, practice })).toBe('A new patient (intake)');
  });

  it('leaves text without rules tidied only', () => {
    expect(applySpeechRules('  hello  there ,friend ', {})).toBe('Hello there, friend');
  });
});
