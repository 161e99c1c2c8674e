import type { Faker } from '@faker-js/faker';

/**
 * What the demo's clinicians write: short, clinically plausible sentences by presenting problem,
 * picked and combined per note, so notes read like a real caseload's (never lorem ipsum). Rich
 * text as the note editor stores it (`<p>` paragraphs).
 */

export type Theme = 'depression' | 'anxiety' | 'trauma' | 'adhd' | 'bipolar' | 'substance' | 'general';
export type Course = 'improving' | 'flat' | 'worsening';

/** The theme of a primary ICD-10-CM diagnosis. */
export function themeOf(code: string | undefined): Theme {
  if (!code) return 'general';
  if (/^F1\d/.test(code)) return 'substance';
  if (/^F3[23]|^F34/.test(code)) return 'depression';
  if (/^F31/.test(code)) return 'bipolar';
  if (/^F4[012]/.test(code)) return 'anxiety';
  if (/^F43/.test(code)) return 'trauma';
  if (/^F90/.test(code)) return 'adhd';
  return 'general';
}

const REPORTS: Record<Theme, string[]> = {
  depression: [
    'Client reports low mood most days this week, worse in the mornings.',
    'Client went for two short walks as planned and noticed a small lift in mood afterwards.',
    'Client reports sleeping 9 to 10 hours and still waking tired.',
    'Client describes losing interest in cooking and in calls with friends.',
    'Client completed three of the five activities on the activity schedule.',
    'Client reports feeling "flat" and says getting to work has taken a lot of effort.',
    'Client reconnected with a friend from work and met for coffee on the weekend.',
  ],
  anxiety: [
    'Client reports worrying "about everything" at night, mostly about work and money.',
    'Client used paced breathing before a meeting and rated anxiety 5/10, down from 8/10.',
    'Client avoided the grocery store twice this week because of crowds.',
    'Client reports two panic episodes, each lasting about ten minutes.',
    'Client kept the worry log on four of seven days.',
    'Client reports muscle tension and trouble falling asleep most nights.',
    'Client went to a team lunch they would usually have skipped.',
  ],
  trauma: [
    'Client reports nightmares on three nights and difficulty returning to sleep.',
    'Client noticed being startled by loud noises at work and left the room twice.',
    'Client practised the grounding skill when reminders came up and found it helped.',
    'Client reports avoiding the route past the place of the accident.',
    'Client describes feeling more irritable with family since the anniversary date.',
    'Client completed the written account homework and read it aloud in session.',
  ],
  adhd: [
    'Client reports missing two assignment deadlines and feeling overwhelmed by the backlog.',
    'Client used the planner on most school days and turned in all homework this week.',
    'Parent reports fewer arguments at homework time since the new routine started.',
    'Client describes trouble starting tasks and losing track of time on the phone.',
    'Client reports the timer method helped them finish a long reading assignment.',
  ],
  bipolar: [
    'Client reports stable sleep of 7 to 8 hours and no periods of decreased need for sleep.',
    'Client noticed racing thoughts on two evenings and used the wind-down routine.',
    'Client reports taking medication as prescribed and keeping the mood chart daily.',
    'Client describes a few days of low energy after a busy week at work.',
  ],
  substance: [
    'Client reports no alcohol use since the last session and attended three support meetings.',
    'Client reports one lapse on Saturday at a family party and used the next day to re-engage.',
    'Client identified boredom in the evenings as the strongest trigger this week.',
    'Client reports cravings of 6/10 on weekdays, lower on the weekend.',
    'Client attended all intensive outpatient groups and talked with their sponsor twice.',
    'Client reports a negative urine screen at the clinic on Monday.',
  ],
  general: [
    'Client reports a stressful week with changes at work and less time for self-care.',
    'Client describes ongoing conflict with a family member and wants to set clearer limits.',
    'Client reports using the coping skills reviewed last session on most days.',
    'Client reports steady mood and better sleep since the last session.',
  ],
};

const INTERVENTIONS: Record<Theme, string[]> = {
  depression: [
    'Reviewed the activity schedule and planned three small, valued activities for the coming week.',
    'Used cognitive restructuring on the thought "I never get anything right".',
    "Explored the link between withdrawal and low mood using the week's examples.",
  ],
  anxiety: [
    'Practised paced breathing and progressive muscle relaxation in session.',
    'Built the next two steps of the exposure hierarchy together.',
    'Used a thought record to test the prediction that a mistake at work would lead to being fired.',
    'Introduced scheduled worry time and how to postpone worries outside it.',
  ],
  trauma: [
    'Reviewed grounding skills and practised the 5-4-3-2-1 exercise.',
    'Continued cognitive processing therapy: identified stuck points about blame.',
    'Provided psychoeducation on the trauma response and sleep.',
  ],
  adhd: [
    'Set up a visual schedule for weekday evenings with the client.',
    'Practised breaking a large assignment into 20-minute steps.',
    'Coached the parent on praise and a simple reward chart.',
  ],
  bipolar: [
    'Reviewed the mood chart and early warning signs of relapse.',
    'Discussed keeping regular sleep and wake times through the holidays.',
  ],
  substance: [
    'Used motivational interviewing to explore the pros and cons of cutting back.',
    'Updated the relapse prevention plan with the new triggers identified.',
    'Rehearsed refusal skills for the upcoming work event.',
  ],
  general: [
    'Used problem-solving steps on the most pressing stressor.',
    'Practised assertive communication through role play.',
    'Reviewed self-care and sleep routines.',
  ],
};

const ASSESSMENTS: Record<Course, string[]> = {
  improving: [
    'Symptoms are improving; client is engaged and using skills between sessions.',
    'Progress toward goals is good. Mood and functioning are better than at intake.',
    'Client is responding well to treatment; fewer and shorter episodes this month.',
  ],
  flat: [
    'Symptoms are largely unchanged from the last session. Client remains engaged.',
    'Slow progress; client is attending consistently and skills practice is partial.',
    'Presentation is stable. Continue the current approach and review in four weeks.',
  ],
  worsening: [
    'Symptoms have increased this month with added stressors at home.',
    'Client is struggling more this week; functioning at work is affected.',
    'Worsening mood noted; will review the treatment plan and consider a medication evaluation.',
  ],
};

/** How often the client is seen, as a plan says it. */
const CADENCE: Record<number, string> = {
  1: 'Continue weekly individual therapy.',
  2: 'Continue individual therapy every other week.',
  3: 'Continue individual therapy every three weeks.',
  4: 'Continue monthly sessions.',
};

const PLANS: string[] = [
  'Homework: keep the log daily and bring it to the next session.',
  'Client will try the skill at least three times before the next session.',
  'Coordinate with the prescriber before the next visit.',
  'Review progress on treatment goals at the next session.',
];

const SAFETY =
  'Client endorsed passive thoughts of being better off dead on the PHQ-9. Denied plan or intent; ' +
  'completed the safety plan together, reviewed crisis numbers (988) and means restriction.';

const paragraphs = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');

export interface ProgressText {
  data: string;
  assessment: string;
  plan: string;
}

/** The narrative sections of a therapy progress note. */
export function progressText(
  faker: Faker,
  theme: Theme,
  course: Course,
  options: { safety?: boolean; scores?: string; minor?: boolean; everyWeeks: number },
): ProgressText {
  const reports = faker.helpers.arrayElements(REPORTS[theme], { min: 1, max: 2 });
  const intervention = faker.helpers.arrayElement(INTERVENTIONS[theme]);
  const family = options.minor && faker.datatype.boolean(0.3) ? ['Parent joined for the last ten minutes to review the plan at home.'] : [];
  return {
    data: paragraphs([...reports, intervention].join(' '), ...family),
    assessment: paragraphs(
      [faker.helpers.arrayElement(ASSESSMENTS[course]), options.scores].filter(Boolean).join(' '),
      ...(options.safety ? [SAFETY] : []),
    ),
    plan: paragraphs([CADENCE[options.everyWeeks] ?? CADENCE[2]!, faker.helpers.arrayElement(PLANS)].join(' ')),
  };
}

/** A prescriber's medication management visit. */
export function medicationText(faker: Faker, course: Course, medications: string[]): ProgressText {
  const med = medications[0];
  const taking = med
    ? faker.helpers.arrayElement([
        `Reports taking ${med} as prescribed with no missed doses.`,
        `Reports taking ${med} most days; missed two doses while travelling.`,
      ])
    : 'Not currently taking psychiatric medication; discussed options and their side effects.';
  const sideEffects = faker.helpers.arrayElement([
    'Denies side effects.',
    'Reports mild nausea in the first week, now resolved.',
    'Reports some daytime drowsiness.',
    'Denies sexual side effects or weight change.',
  ]);
  const plan =
    course === 'worsening'
      ? `Discussed adjusting the regimen${med ? ` of ${med}` : ''}; client agrees. Follow up in two weeks.`
      : `Continue current regimen${med ? ` of ${med}` : ''}. Follow up in four weeks.`;
  return {
    data: paragraphs(`${taking} ${sideEffects} Sleep and appetite ${course === 'worsening' ? 'are worse' : 'are fair'}.`),
    assessment: paragraphs(
      course === 'improving'
        ? 'Good response to the current regimen.'
        : course === 'flat'
          ? 'Partial response; tolerating the medication well.'
          : 'Inadequate response at the current dose.',
    ),
    plan: paragraphs(plan, 'Reviewed when to call the clinic or 988.'),
  };
}

const CONTACTS = [
  [
    'Telephone call with client to follow up on the housing application submitted last week.',
    'Application is under review; client will send the pay stubs the housing office asked for. Follow up next week.',
  ],
  [
    "Coordinated with the client's primary care office to request notes from the recent visit.",
    'Records release on file; office will fax the notes by Friday.',
  ],
  [
    'Met with client at home to complete the benefits renewal paperwork.',
    'Renewal submitted online together; confirmation saved to the chart. Check status in two weeks.',
  ],
  [
    'Called the county transportation program to arrange rides to the intensive outpatient groups.',
    'Rides scheduled for Monday, Wednesday and Thursday; client informed by text.',
  ],
  [
    "Spoke with client's probation officer (release on file) about group attendance.",
    'Attendance letter sent; officer will contact this writer with any concerns.',
  ],
  [
    'Telephone call with client about the food bank delivery and pharmacy pick-up.',
    'Delivery confirmed for Tuesdays; client picked up the refill. No further needs today.',
  ],
  [
    "Collateral call with the client's mother about the school meeting next week.",
    'Agreed on goals for the meeting; this writer will attend by phone.',
  ],
];

/** A case manager's documentation note. */
export function contactText(faker: Faker): { contact: string; outcome: string } {
  const [contact, outcome] = faker.helpers.arrayElement(CONTACTS);
  return { contact: paragraphs(contact!), outcome: paragraphs(outcome!) };
}

/** The narratives of an intake assessment. */
export function intakeText(
  faker: Faker,
  theme: Theme,
  options: { minor: boolean; safety?: boolean },
): Record<'presenting' | 'history' | 'risk' | 'formulation', string> {
  const referral = faker.helpers.arrayElement(
    options.minor
      ? ['Referred by the school counselor.', 'Referred by the pediatrician.', 'Parent called the clinic after a difficult semester.']
      : [
          'Referred by primary care.',
          'Self-referred after searching for a therapist in network.',
          'Referred by the employee assistance program.',
        ],
  );
  const concern = faker.helpers.arrayElement(REPORTS[theme]).replace(/this week/, 'over the past months');
  return {
    presenting: paragraphs(referral, concern),
    history: paragraphs(
      faker.helpers.arrayElement([
        'No prior psychiatric hospitalizations.',
        'One prior episode treated with therapy five years ago.',
        'Previously saw a counselor in college.',
      ]),
      faker.helpers.arrayElement([
        'Denies current substance use.',
        'Drinks socially, 2 to 3 drinks a week.',
        'Reports daily cannabis use in the past year.',
      ]),
      faker.helpers.arrayElement([
        'Lives with partner and two children.',
        'Lives alone; close to a sibling nearby.',
        options.minor ? 'Lives with mother and younger brother; sees father on weekends.' : 'Lives with roommates; works full time.',
      ]),
    ),
    risk: paragraphs(
      options.safety
        ? SAFETY
        : 'Denies suicidal or homicidal ideation, plan or intent. No history ' +
            'of attempts. Protective factors: family, work, future orientation.',
    ),
    formulation: paragraphs(
      'Symptoms are consistent with the diagnoses recorded. Outpatient level of care is appropriate.',
      'Initial goals: reduce symptoms measured by the PHQ-9 and GAD-7, and improve daily functioning.',
    ),
  };
}

/** The week's topic of the CBT skills group, the same for every member. */
export const GROUP_TOPICS = [
  'Identifying automatic thoughts',
  'Thought records',
  'Behavioral activation: scheduling pleasant activities',
  'Grounding and paced breathing',
  'Problem-solving steps',
  'Sleep habits',
  'Assertive communication',
  'Values and goal setting',
  'Coping with setbacks',
  'Self-compassion',
  'Building a relapse prevention plan',
  'Review of skills and next steps',
];

export function groupTopicText(week: number): string {
  const topic = GROUP_TOPICS[week % GROUP_TOPICS.length]!;
  return paragraphs(
    `Topic: ${topic}. Facilitator reviewed last week's practice, taught the skill with a worked example, and members practised in pairs.`,
  );
}

export function participationText(faker: Faker, present: boolean): { participation: string; plan?: string } {
  if (!present) return { participation: paragraphs('Did not attend. Outreach call made; client plans to attend next week.') };
  return {
    participation: paragraphs(
      faker.helpers.arrayElement([
        'Actively participated and shared an example from the week.',
        'Quiet at first, then contributed during the pair exercise.',
        'Engaged throughout; offered support to a newer member.',
        "Participated; reported difficulty completing last week's practice.",
      ]),
    ),
    plan: paragraphs(
      faker.helpers.arrayElement(['Practise the skill daily and record it in the workbook.', "Bring one example to next week's group."]),
    ),
  };
}

/** Why a signed note was amended, and the sentence it added. */
export const AMENDMENTS: [reason: string, addition: string][] = [
  ['Added the homework agreed at the end of the session.', 'Homework agreed at the end of the session: practise the skill twice daily.'],
  ["Corrected the client's reported sleep hours.", 'Correction: client reports sleeping 6 hours a night, not 9.'],
  [
    'Added the coordination with the prescriber made after the session.',
    'Spoke with the prescriber after the session; medication review scheduled.',
  ],
];
