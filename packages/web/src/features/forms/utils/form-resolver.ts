import { toNestErrors } from '@hookform/resolvers';
import {
  answerOf,
  answerSchema,
  answersSchema,
  itemsByLinkId,
  validateResponse,
  validateWithSchema,
  type Questionnaire,
  type QuestionnaireItem,
  type ResponseIssue,
  type ResponseSignature,
} from '@caseload/core';
import type { AnySchema } from '../../../ui/yup.ts';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import { cleanAnswers } from './form-answers.ts';
import type { FormLogicStore } from './form-logic-store.ts';
import { holdsAnswer } from './question-widgets.ts';

/** What the resolver needs to know at each check. */
export interface ResolverState {
  /** A submit: required answers and signatures are demanded (completion Complete). */
  complete: boolean;
  signatures: ResponseSignature[];
}

/**
 * react-hook-form's resolver for a questionnaire: the same yup schemas the server checks with
 * (answersSchema, answerSchema per item, validateResponse on submit), so every message is the
 * product's. While typing, only the changed question's own schema runs (cached per item), which
 * keeps a keystroke cheap on a form of hundreds of questions; a submit checks the whole response.
 */
export function questionnaireResolver(
  questionnaire: Pick<Questionnaire, 'items'>,
  logic: FormLogicStore,
  state: () => ResolverState,
): Resolver<FieldValues> {
  const byId = itemsByLinkId(questionnaire.items);
  const schemas = new Map<string, AnySchema>();
  const schemaOf = (item: QuestionnaireItem) => {
    let schema = schemas.get(item.linkId);
    if (!schema) schemas.set(item.linkId, (schema = answerSchema({ ...item, required: false })));
    return schema;
  };
  return async (values, _context, options) => {
    const answers = cleanAnswers(values);
    const { complete, signatures } = state();
    let issues: ResponseIssue[];
    if (complete) {
      issues = validateResponse(questionnaire, { answers, completion: 'Complete', signatures });
    } else if (options.names?.length) {
      issues = options.names.flatMap((name) => {
        const root = name.split('.')[0]!;
        const item = byId.get(root);
        const value = answerOf(answers, root);
        if (!item || !holdsAnswer(item) || !logic.isEnabled(root) || value === undefined) return [];
        return validateWithSchema(schemaOf(item), value, { strict: true }).map((i) => ({
          path: i.path ? `${root}.${i.path}` : root,
          message: i.message,
        }));
      });
    } else {
      issues = validateWithSchema(answersSchema(questionnaire, answers, { complete: false }), answers, { strict: true });
    }
    if (issues.length === 0) return { values, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const issue of issues) flat[issue.path || 'answers'] ??= { type: 'validation', message: issue.message };
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}
