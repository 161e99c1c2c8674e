import type { QuestionnaireDefinition } from '../types.ts';
import { PHQ_COPYRIGHT, difficultyItem, frequencyItem } from './frequency-options.ts';

/** The fixed id of the built-in GAD-7 in every practice. */
export const GAD7_ID = 'gad-7';

const SCORED = Array.from({ length: 7 }, (_, i) => `gad7-${i + 1}`);

/**
 * The Generalized Anxiety Disorder scale (GAD-7; Spitzer, Kroenke, Williams & Löwe 2006), with
 * its published item texts, 0-3 frequency answers, the unscored difficulty item, and bands.
 */
export const GAD7: QuestionnaireDefinition = {
  id: GAD7_ID,
  resourceType: 'Questionnaire',
  display: 'GAD-7',
  title: 'GAD-7',
  description: 'Generalized Anxiety Disorder 7-item scale (GAD-7): anxiety severity.',
  status: 'Active',
  builtIn: true,
  copyright: PHQ_COPYRIGHT,
  items: [
    {
      linkId: 'gad7-intro',
      type: 'Header',
      text: 'Over the last 2 weeks, how often have you been bothered by the following problems?',
      items: [
        frequencyItem('gad7-1', 'Feeling nervous, anxious, or on edge'),
        frequencyItem('gad7-2', 'Not being able to stop or control worrying'),
        frequencyItem('gad7-3', 'Worrying too much about different things'),
        frequencyItem('gad7-4', 'Trouble relaxing'),
        frequencyItem('gad7-5', 'Being so restless that it is hard to sit still'),
        frequencyItem('gad7-6', 'Becoming easily annoyed or irritable'),
        frequencyItem('gad7-7', 'Feeling afraid, as if something awful might happen'),
      ],
    },
    difficultyItem(
      'gad7-8',
      'If you checked any problems, how difficult have they made it for you to do ' +
        'your work, take care of things at home, or get along with other people?',
      SCORED,
    ),
  ],
  scoring: {
    method: 'Sum',
    items: SCORED,
    maxScore: 21,
    bands: [
      { code: 'minimal', label: 'Minimal', min: 0, max: 4, intent: 'success' },
      { code: 'mild', label: 'Mild', min: 5, max: 9, intent: 'assist' },
      { code: 'moderate', label: 'Moderate', min: 10, max: 14, intent: 'warning' },
      { code: 'severe', label: 'Severe', min: 15, max: 21, intent: 'danger' },
    ],
  },
};
