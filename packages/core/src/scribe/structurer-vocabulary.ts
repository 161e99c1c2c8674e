import type { ScribeTopic } from './scribe-formats.ts';
import type { SpeakerRole } from './transcript-types.ts';

/**
 * The built-in structurer's vocabulary (docs/scribe.md, "The built-in structurer"): for each
 * topic, the phrases that mark a sentence as about it, and whose turn it must be. A sentence is
 * filed under the topic with the most phrase hits (ties: the earlier topic in this list); a
 * sentence that hits nothing is not clinically relevant and is left out of the draft.
 */
export interface TopicCue {
  topic: ScribeTopic;
  /** Only sentences spoken by these roles are filed here. */
  speakers: readonly SpeakerRole[];
  /** Lower-case phrases, matched at word boundaries (a trailing `*` matches any ending). */
  phrases: readonly string[];
}

const BOTH: readonly SpeakerRole[] = ['Clinician', 'Patient', 'Other'];
const CLINICIAN: readonly SpeakerRole[] = ['Clinician'];
const PATIENT: readonly SpeakerRole[] = ['Patient', 'Other'];

export const TOPIC_CUES: readonly TopicCue[] = [
  {
    topic: 'plan',
    speakers: BOTH,
    phrases: [
      'next session', 'next week', 'next time', 'homework', 'follow up', 'follow-up', 'refer*', 'schedule*', 'before we meet',
      'until next', 'call the clinic', 'call if', 'crisis line', 'start taking', 'increase the dose', 'decrease the dose', 'prescri*',
      'keep a', 'keep track', 'log', 'diary', 'this week try', 'we will meet', "we'll meet", 'come back', 'recheck', 'order a', 'order an',
    ],
  },
  {
    topic: 'intervention',
    speakers: CLINICIAN,
    phrases: [
      "let's practi*", "let's try", 'let us practi*', 'practi*', 'role-play', 'role play', 'psychoeducation', 'cbt', 'dbt', 'emdr',
      'reframe', 'reframing', 'cognitive distortion*', 'thought record', 'grounding', 'breathing', 'mindfulness', 'exposure',
      'motivational', 'validate*', 'taught', 'teach', 'explore*', 'walk through', 'reviewed', "let's review", 'socratic', 'coping skill*',
      'safety plan', 'relaxation', 'behavioral activation', 'behavioural activation', 'problem-solving', 'problem solving', 'skills',
    ],
  },
  {
    topic: 'progress',
    speakers: BOTH,
    phrases: [
      'since last', 'since we last', 'improv*', 'better than', 'worse than', 'fewer', 'less often', 'more often', 'progress',
      'achieved', 'setback', 'relaps*', 'sober for', 'days without', 'every day this week', 'compared to', 'down from', 'up from',
    ],
  },
  {
    topic: 'goal',
    speakers: BOTH,
    phrases: [
      'goal*', 'work on', 'working on', 'working toward*', 'want to be able', 'hope to', 'objective', 'target', 'brings you in',
      'here for', 'main concern', 'reason for', 'came in because', "i'm here because", 'i am here because',
    ],
  },
  {
    topic: 'assessment',
    speakers: CLINICIAN,
    phrases: [
      'it sounds like', 'sounds like', 'consistent with', 'diagnos*', 'risk', 'meets criteria', 'likely', 'impression',
      'suicidal', 'safety', 'i think', 'seems', 'appears to be', 'my concern', 'stable', 'in remission', 'presentation',
    ],
  },
  {
    topic: 'observation',
    speakers: CLINICIAN,
    phrases: [
      'you seem', 'you appear', 'i notice*', 'affect', 'eye contact', 'oriented', 'your speech', 'phq', 'gad', 'score*', 'scored',
      'tearful', 'fidget*', 'restless', 'calm today', 'mood today',
    ],
  },
  {
    topic: 'exam',
    speakers: CLINICIAN,
    phrases: [
      'blood pressure', 'pulse', 'heart rate', 'temperature', 'lungs', 'listen to your', 'tender*', 'range of motion', 'swelling',
      'reflexes', 'press here', 'exam*', 'vitals', 'oxygen',
    ],
  },
  {
    topic: 'diagnostics',
    speakers: BOTH,
    phrases: ['lab*', 'x-ray', 'mri', 'ct scan', 'blood test', 'blood work', 'results', 'a1c', 'cholesterol', 'ultrasound', 'ekg', 'ecg'],
  },
  {
    topic: 'reviewOfSystems',
    speakers: BOTH,
    phrases: [
      'fever', 'chills', 'chest pain', 'shortness of breath', 'nausea', 'vomit*', 'headache*', 'dizz*', 'rash', 'cough*', 'denies',
      'no fever', 'weight loss', 'appetite',
    ],
  },
  {
    topic: 'pastMedical',
    speakers: BOTH,
    phrases: ['history of', 'surgery', 'diagnosed with', 'hospitali*', 'medication*', 'allergic', 'allerg*', 'asthma', 'diabetes', 'hypertension'],
  },
  {
    topic: 'family',
    speakers: BOTH,
    phrases: ['family history', 'runs in', 'my mother had', 'my father had', 'my mom had', 'my dad had', 'my sister had', 'my brother had'],
  },
  {
    topic: 'social',
    speakers: BOTH,
    phrases: ['smok*', 'alcohol', 'drinks a', 'drink a', 'i work as', 'i live with', 'exercis*', 'cigarette*', 'vape', 'occupation'],
  },
  {
    topic: 'history',
    speakers: PATIENT,
    phrases: ['started', 'began', 'weeks ago', 'days ago', 'months ago', 'since', 'onset', 'comes and goes', 'on and off', 'gets worse'],
  },
  {
    topic: 'response',
    speakers: PATIENT,
    phrases: [
      'that helped', 'it helped', 'helps', 'makes sense', 'i can try', "i'll try", 'i will try', 'i feel calmer', 'calmer', 'i like that',
      "i don't think", 'i understand', 'that was hard', 'felt good', 'i agree', 'willing', 'not sure that', 'relieved',
    ],
  },
  {
    topic: 'presenting',
    speakers: PATIENT,
    phrases: [
      'anxious', 'anxiety', 'panic*', 'depress*', 'sad', 'hopeless', 'angry', 'anger', 'irritable', 'stress*', 'overwhelm*', 'worr*',
      'sleep*', 'nightmare*', 'crying', 'cried', 'lonely', 'argument*', 'fight*', 'fought', 'craving*', 'drank', 'drinking', 'used',
      'relapse', 'pain', 'hurt*', 'ache*', 'tired', 'exhausted', 'missed', 'work', 'school', 'fight', 'scared', 'afraid', 'numb',
      'racing', 'heart pounding', 'voices', 'self-harm', 'cut myself', 'appetite',
    ],
  },
];

/** Words that say nothing on their own: a sentence of only these (and short ones) is skipped. */
export const FILLER = /^(?:ok(?:ay)?|yeah|yes|no|mm+|hmm+|uh+|um+|right|sure|thanks?(?: you)?|hi|hello|bye|great|good|alright|all right)[.!?]*$/i;

/** Spoken fillers removed when a sentence is condensed. */
export const SPOKEN_FILLERS = /\b(?:um+|uh+|you know|i mean|kind of|sort of|like,)\s*,?\s*/gi;

/** Labels taken to be the clinician's (else the patient's, else the first speaker is the clinician). */
export const CLINICIAN_LABEL = /clinician|therapist|counsel+or|doctor|\bdr\b|provider|nurse|psychiatrist|psychologist|social worker|\blcsw\b|\bnp\b|physician/i;
export const PATIENT_LABEL = /patient|client|member|consumer/i;
