import * as yup from 'yup';
import { FORM_LOCALE, validateWithSchema } from '../forms/index.ts';
import { NoteCompletions } from '../enums.ts';
import { applyCalculations } from './calculate.ts';
import { enabledAnswers, enabledLinkIds } from './enabled-answers.ts';
import { answerSchema } from './item-schema.ts';
import { flattenItems, isDisplayOnly } from './items.ts';
import { isSigned } from './signatures.ts';
import type { Answers, Questionnaire, QuestionnaireItem, QuestionnaireResponse, ResponseIssue } from './types.ts';
import { dateTimeValue, referenceValue } from './value-schemas.ts';

type Definition = Pick<Questionnaire, 'items'>;

/** Whether an item takes an entry in `answers` (not a heading, text block, callout or signature). */
const holdsAnswer = (item: QuestionnaireItem) => !isDisplayOnly(item) && item.type !== 'Signature';

/**
 * The yup schema of a response's answers to this questionnaire, for these answers: only enabled
 * items are in it, and required answers are required only when `complete` (a response in
 * progress is saved as it is typed). The web renderer's resolver and the server use the same one.
 */
export function answersSchema(questionnaire: Definition, answers: Answers, options: { complete: boolean }) {
  const enabled = enabledLinkIds(questionnaire.items ?? [], answers ?? {});
  const shape: Record<string, yup.AnySchema> = {};
  for (const item of flattenItems(questionnaire.items)) {
    if (!holdsAnswer(item)) continue;
    if (!enabled.has(item.linkId)) {
      // Disabled: whatever it holds is ignored (and dropped before storing).
      shape[item.linkId] = yup.mixed();
      continue;
    }
    shape[item.linkId] = answerSchema(options.complete ? item : { ...item, required: false });
  }
  return yup.object(shape).noUnknown().strict().label('answers');
}

/** The answers as they are stored: disabled items' answers removed, calculations applied. */
export function prepareAnswers(questionnaire: Definition, answers: Answers): Answers {
  const items = questionnaire.items ?? [];
  const known = new Set(
    flattenItems(items)
      .filter(holdsAnswer)
      .map((i) => i.linkId),
  );
  const kept = Object.fromEntries(Object.entries(answers ?? {}).filter(([k]) => known.has(k)));
  // Calculations read enabled answers only; a calculated item may itself be disabled afterwards.
  return enabledAnswers(items, applyCalculations(items, enabledAnswers(items, kept)));
}

const signatureSchema = yup
  .object({
    linkId: yup.string().strict(),
    signer: referenceValue(['Practitioner', 'Patient', 'RelatedPerson']).required(),
    role: yup.string().strict().required().oneOf(['Practitioner', 'RelatedPerson', 'AdhocPatient']),
    signedAt: dateTimeValue().required(),
    image: referenceValue(['Media']).required(),
    answersHash: yup
      .string()
      .strict()
      .required()
      .matches(/^[0-9a-f]{64}$/),
    voided: yup.boolean().strict(),
    voidedAt: dateTimeValue(),
    device: yup.string().strict().max(300),
    questionnaireVersion: yup.string().strict().max(64),
  })
  .noUnknown()
  .strict();

const responseShape = yup.object({
  completion: yup
    .string()
    .strict()
    .required()
    .oneOf([...NoteCompletions]),
  signatures: yup.array(signatureSchema).strict(),
});

/** Problems of `value`, checked as it is (strict); the root's path is `answers`. */
function issuesOf(schema: yup.AnySchema, value: unknown): ResponseIssue[] {
  return validateWithSchema(schema, value, { strict: true }).map((i) => ({ ...i, path: i.path || 'answers' }));
}

/**
 * Everything wrong with a response to a questionnaire, as issues with the linkId path and the
 * product's messages (SPEC.md section 5). Empty when it may be stored. Answers of disabled
 * questions are ignored; calculated answers are checked as computed; a required Signature is
 * answered by a signature that has not been voided. Never throws on malformed input.
 */
export function validateResponse(
  questionnaire: Definition,
  response: Pick<QuestionnaireResponse, 'answers' | 'completion' | 'signatures'>,
): ResponseIssue[] {
  const issues = issuesOf(responseShape, { completion: response?.completion, signatures: response?.signatures });
  const answers = response?.answers;
  if (answers === undefined || answers === null || typeof answers !== 'object' || Array.isArray(answers)) {
    return [...issues, { path: 'answers', message: FORM_LOCALE.mixed.default.replace('${path}', 'answers') }];
  }
  const complete = response.completion === 'Complete';
  const items = questionnaire?.items ?? [];
  // Calculated answers are checked as computed, whatever the client sent for them; disabled and
  // unknown linkIds stay so the schema can ignore the first and refuse the second.
  const applied = applyCalculations(items, enabledAnswers(items, answers));
  const calculated = new Set(
    flattenItems(items)
      .filter((i) => i.calculation)
      .map((i) => i.linkId),
  );
  const rest = Object.entries(answers).filter(([k]) => !Object.hasOwn(applied, k) && !calculated.has(k));
  const computed = { ...Object.fromEntries(rest), ...applied };
  issues.push(...issuesOf(answersSchema(questionnaire, computed, { complete }), computed));
  if (complete) {
    const enabled = enabledLinkIds(items, computed);
    for (const item of flattenItems(items)) {
      if (item.type === 'Signature' && item.required && enabled.has(item.linkId) && !isSigned(response.signatures, item.linkId)) {
        const label = item.text?.trim() || item.linkId;
        issues.push({ path: item.linkId, message: FORM_LOCALE.mixed.required.replace('${path}', label) });
      }
    }
  }
  return issues;
}
