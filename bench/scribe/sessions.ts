import type { ScribeFormat } from '@caseload/core';

/**
 * The evaluation set: written sessions across formats. Each turn is `[speaker, text, expected]`
 * where `expected` is the section key a key sentence belongs in, or undefined for talk a note
 * leaves out. A turn holds one sentence, so its segment id is its evidence.
 */
export interface BenchSession {
  name: string;
  format: ScribeFormat;
  turns: [string, string, string?][];
}

const C = 'Clinician';
const P = 'Patient';

export const SESSIONS: BenchSession[] = [
  {
    name: 'panic at work',
    format: 'BIRP',
    turns: [
      [C, 'Good to see you, come in.'],
      [P, 'I had three panic attacks at work this week.', 'behavior'],
      [C, "Let's practise box breathing together for a few minutes.", 'intervention'],
      [P, 'That helped, I feel calmer now.', 'response'],
      [C, 'For homework, keep a panic log and we will review it next session.', 'plan'],
    ],
  },
  {
    name: 'grief',
    format: 'BIRP',
    turns: [
      [P, 'I keep crying since my mother died and I cannot sleep.', 'behavior'],
      [C, 'We explored memories of your mother using a grief letter exercise.', 'intervention'],
      [P, 'Writing it felt good, it makes sense to keep doing it.', 'response'],
      [C, 'Next week we will continue the letter.', 'plan'],
    ],
  },
  {
    name: 'anger at home',
    format: 'SIRP',
    turns: [
      [P, 'My partner and I had a big argument and I got really angry.', 'situation'],
      [C, "Let's try the time-out skill when you notice the anger rising.", 'intervention'],
      [P, "I'll try that, I think it could work.", 'response'],
      [C, 'Practise the time-out twice before next session.', 'plan'],
    ],
  },
  {
    name: 'school refusal',
    format: 'SIRP',
    turns: [
      [C, 'Hi there.'],
      [P, 'I missed school four days because I was too anxious to go.', 'situation'],
      [C, 'We reviewed a thought record about the fear of being judged.', 'intervention'],
      [P, 'I understand it better now.', 'response'],
      [C, 'Schedule a call with the school counselor before we meet again.', 'plan'],
    ],
  },
  {
    name: 'depression goals',
    format: 'GIRPP',
    turns: [
      [C, 'Our goal is to get you back to walking three days a week.', 'goal'],
      [C, "Let's review behavioural activation and plan small activities.", 'intervention'],
      [P, 'I like that, it feels doable.', 'response'],
      [P, 'Since last session I walked twice, which is more often than before.', 'progress'],
      [C, 'Next session we will check your activity log.', 'plan'],
    ],
  },
  {
    name: 'sobriety',
    format: 'GIRPP',
    turns: [
      [P, 'My goal is to stay sober through the holidays.', 'goal'],
      [C, 'We practised urge surfing with mindfulness.', 'intervention'],
      [P, 'That was hard but it helped.', 'response'],
      [P, 'I have been sober for twenty days, fewer cravings than last month.', 'progress'],
      [C, 'Call the crisis line if the cravings spike, and follow up in one week.', 'plan'],
    ],
  },
  {
    name: 'social anxiety',
    format: 'GIRPP',
    turns: [
      [C, 'We are working toward speaking up once in each team meeting.', 'goal'],
      [C, "Let's role-play the next meeting.", 'intervention'],
      [P, 'I feel calmer after practising it.', 'response'],
      [P, 'I improved this week and spoke in one meeting.', 'progress'],
      [C, 'Homework is to speak once in Thursday’s meeting.', 'plan'],
    ],
  },
  {
    name: 'insomnia DAP',
    format: 'DAP',
    turns: [
      [P, 'I only sleep four hours and wake up worried about money.', 'data'],
      [C, 'You seem tired and your affect is flat today.', 'data'],
      [C, 'It sounds like the worry is keeping you awake.', 'assessment'],
      [C, 'Keep a sleep diary until next session.', 'plan'],
    ],
  },
  {
    name: 'relationship DAP',
    format: 'DAP',
    turns: [
      [P, 'We fought again about chores and I feel lonely.', 'data'],
      [C, 'I think the conflict is consistent with a pattern of avoidance.', 'assessment'],
      [P, 'Since last week things improved a little.', 'assessment'],
      [C, 'We will meet with your partner next week.', 'plan'],
    ],
  },
  {
    name: 'PTSD DAP',
    format: 'DAP',
    turns: [
      [P, 'The nightmares came back after the anniversary.', 'data'],
      [C, 'Your PHQ score is 14 today.', 'data'],
      [C, 'Your risk seems low and you are stable.', 'assessment'],
      [C, 'Continue the grounding exercise and follow up in two weeks.', 'plan'],
    ],
  },
  {
    name: 'BH SOAP mood',
    format: 'BEHAVIORAL_SOAP',
    turns: [
      [P, 'I feel hopeless and stressed about work.', 'subjective'],
      [C, 'You appear tearful and your eye contact is poor.', 'objective'],
      [C, 'It sounds like a moderate depressive episode.', 'assessment'],
      [C, 'We will refer you to psychiatry for a medication review.', 'plan'],
    ],
  },
  {
    name: 'BH SOAP anxiety',
    format: 'BEHAVIORAL_SOAP',
    turns: [
      [C, 'Hello again.'],
      [P, 'I worry all the time and my heart is racing at night.', 'subjective'],
      [C, 'Your GAD score went up to 15.', 'objective'],
      [C, 'The presentation is consistent with generalized anxiety.', 'assessment'],
      [C, 'Practise the relaxation recording every night this week.', 'plan'],
    ],
  },
  {
    name: 'BH SOAP teen',
    format: 'BEHAVIORAL_SOAP',
    turns: [
      [P, 'School is stressful and I fight with my parents a lot.', 'subjective'],
      [C, 'I notice you are restless and fidgeting today.', 'objective'],
      [C, 'I think the stress is likely driving the conflict.', 'assessment'],
      [C, 'Next session we will bring your parents in.', 'plan'],
    ],
  },
  {
    name: 'PH SOAP back pain',
    format: 'PHYSICAL_SOAP',
    turns: [
      [P, 'The back pain started two weeks ago after lifting a box.', 'subjective'],
      [C, 'Your lower back is tender and range of motion is reduced.', 'objective'],
      [C, 'This is likely a muscle strain.', 'assessment'],
      [C, 'Start taking ibuprofen and come back in two weeks.', 'plan'],
    ],
  },
  {
    name: 'PH SOAP cough',
    format: 'PHYSICAL_SOAP',
    turns: [
      [P, 'I have had a cough and fever for five days.', 'subjective'],
      [C, 'Your temperature is 38.4 and your lungs sound clear.', 'objective'],
      [C, 'My impression is a viral infection.', 'assessment'],
      [C, 'Follow up if the fever lasts beyond three more days.', 'plan'],
    ],
  },
  {
    name: 'PH SOAP diabetes',
    format: 'PHYSICAL_SOAP',
    turns: [
      [P, 'I get tired and thirsty in the afternoons.', 'subjective'],
      [C, 'Your A1c results came back at 8.1.', 'objective'],
      [C, 'The diabetes is not well controlled.', 'assessment'],
      [C, 'We will increase the dose of metformin and recheck in three months.', 'plan'],
    ],
  },
  {
    name: 'H&P chest pain',
    format: 'HP',
    turns: [
      [C, 'What brings you in today?'],
      [P, "I'm here because of chest pain when I climb stairs.", 'chief-complaint'],
      [P, 'It started three weeks ago and comes and goes.', 'history-of-present-illness'],
      [P, 'I have a history of hypertension.', 'past-medical-history'],
      [P, 'My father had a heart attack at fifty, heart disease runs in the family.', 'past-family-history'],
      [P, 'I smoke half a pack a day.', 'past-social-history'],
      [C, 'Your blood pressure is 150 over 95.', 'physical-examination'],
      [C, 'We will order an EKG and blood work today.', 'plan'],
    ],
  },
  {
    name: 'H&P headache',
    format: 'HP',
    turns: [
      [P, 'I came in because of headaches every morning.', 'chief-complaint'],
      [P, 'They began a month ago and get worse with screens.', 'history-of-present-illness'],
      [P, 'No fever, no nausea, just dizziness sometimes.', 'review-of-systems'],
      [C, 'Your reflexes and exam are normal.', 'physical-examination'],
      [C, 'It sounds like tension headaches.', 'assessment'],
      [C, 'Keep a headache diary and follow up in a month.', 'plan'],
    ],
  },
  {
    name: 'H&P follow-up labs',
    format: 'HP',
    turns: [
      [P, 'My main concern is the fatigue.', 'chief-complaint'],
      [P, 'I was diagnosed with anemia last year.', 'past-medical-history'],
      [C, 'The blood test results show low iron.', 'diagnostic-testing'],
      [C, 'I think the anemia is the likely cause.', 'assessment'],
      [C, 'Start taking iron tablets and recheck labs in six weeks.', 'plan'],
    ],
  },
  {
    name: 'BIRP self-harm',
    format: 'BIRP',
    turns: [
      [P, 'I had urges to self-harm after the fight with my sister.', 'behavior'],
      [C, 'We updated your safety plan together.', 'intervention'],
      [P, 'I agree to use it and call someone.', 'response'],
      [C, 'Call the crisis line if urges return; next session on Monday.', 'plan'],
    ],
  },
  {
    name: 'SIRP caregiver',
    format: 'SIRP',
    turns: [
      [P, 'Caring for my dad has me exhausted and overwhelmed.', 'situation'],
      [C, 'We explored problem-solving for respite care options.', 'intervention'],
      [P, 'That makes sense, I feel relieved.', 'response'],
      [C, 'Refer to the caregiver support group and meet next week.', 'plan'],
    ],
  },
];
