import type { QuestionnaireDefinition } from '../types.ts';
import { PHQ_COPYRIGHT, difficultyItem, frequencyItem } from './frequency-options.ts';

/** The fixed id of the built-in PHQ-9 in every practice. */
export const PHQ9_ID = 'phq-9';

const SCORED = Array.from({ length: 9 }, (_, i) => `phq9-${i + 1}`);

/**
 * The Patient Health Questionnaire (PHQ-9; Kroenke, Spitzer & Williams 2001), with its
 * published item texts, 0-3 frequency answers, unscored item 10, and severity bands.
 */
export const PHQ9: QuestionnaireDefinition = {
  id: PHQ9_ID,
  resourceType: 'Questionnaire',
  display: 'PHQ-9',
  title: 'PHQ-9',
  description: 'Patient Health Questionnaire (PHQ-9): depression severity.',
  status: 'Active',
  builtIn: true,
  copyright: PHQ_COPYRIGHT,
  items: [
    {
      linkId: 'phq9-intro',
      type: 'Header',
      text: 'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
      items: [
        frequencyItem('phq9-1', 'Little interest or pleasure in doing things'),
        frequencyItem('phq9-2', 'Feeling down, depressed, or hopeless'),
        frequencyItem('phq9-3', 'Trouble falling or staying asleep, or sleeping too much'),
        frequencyItem('phq9-4', 'Feeling tired or having little energy'),
        frequencyItem('phq9-5', 'Poor appetite or overeating'),
        frequencyItem('phq9-6', 'Feeling bad about yourself — or that you are a failure or have let yourself or your family down'),
        frequencyItem('phq9-7', 'Trouble concentrating on things, such as reading the newspaper or watching television'),
        frequencyItem(
          'phq9-8',
          'Moving or speaking so slowly that other people could have noticed? Or the opposite — ' +
            'being so fidgety or restless that you have been moving around a lot more than usual',
        ),
        frequencyItem('phq9-9', 'Thoughts that you would be better off dead or of hurting yourself in some way'),
      ],
    },
    difficultyItem(
      'phq9-10',
      'If you checked off any problems, how difficult have these problems made it for ' +
        'you to do your work, take care of things at home, or get along with other people?',
      SCORED,
    ),
  ],
  scoring: {
    method: 'Sum',
    items: SCORED,
    maxScore: 27,
    bands: [
      { code: 'minimal', label: 'None–minimal', min: 0, max: 4, intent: 'success' },
      { code: 'mild', label: 'Mild', min: 5, max: 9, intent: 'assist' },
      { code: 'moderate', label: 'Moderate', min: 10, max: 14, intent: 'warning' },
      { code: 'moderately-severe', label: 'Moderately severe', min: 15, max: 19, intent: 'danger' },
      { code: 'severe', label: 'Severe', min: 20, max: 27, intent: 'danger' },
    ],
    alerts: [
      { linkId: 'phq9-9', minScore: 1, message: 'Item 9 (thoughts of self-harm) was answered above "Not at all": assess suicide risk.' },
    ],
  },
};
