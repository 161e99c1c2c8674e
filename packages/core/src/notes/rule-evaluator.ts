import type { NoteRuleKind } from '../enums.ts';
import {
  checkAppointmentRequired,
  checkLocationSelected,
  checkMissingDiagnosis,
  checkProgramLocation,
  checkProgramSelected,
  checkShowStatus,
} from './rule-checks-encounter.ts';
import { checkAge, checkAuthorization, checkInsurance } from './rule-checks-patient.ts';
import {
  checkServiceBasedSubformDuration,
  checkServiceDate,
  checkSessionDuration,
  checkSessionDurationIncrement,
  checkSessionOverlap,
  checkSpanMidnight,
} from './rule-checks-time.ts';
import { ruleApplies, type RuleCheck } from './rule-support.ts';
import type { NoteRule, NoteRuleContext, RulePresence, RuleResult } from './rule-types.ts';

/** Every rule kind's check; a new kind does not compile until it has one. */
const CHECKS: { [K in NoteRuleKind]: RuleCheck<K> } = {
  SessionDuration: checkSessionDuration,
  ShowStatus: checkShowStatus,
  ServiceDate: checkServiceDate,
  ProgramSelected: checkProgramSelected,
  ProgramLocation: checkProgramLocation,
  LocationSelected: checkLocationSelected,
  MissingDiagnosis: checkMissingDiagnosis,
  SpanMidnight: checkSpanMidnight,
  AppointmentRequired: checkAppointmentRequired,
  SessionOverlap: checkSessionOverlap,
  Authorization: checkAuthorization,
  SessionDurationIncrement: checkSessionDurationIncrement,
  Insurance: checkInsurance,
  ServiceBasedSubformDuration: checkServiceBasedSubformDuration,
  Age: checkAge,
};

/**
 * The presence a rule has when it does not say: the "condition" kinds (a midnight span, an
 * overlap) forbid the condition; every other kind needs its field.
 */
export const DEFAULT_RULE_PRESENCE: { [K in NoteRuleKind]: RulePresence } = {
  SessionDuration: 'MustBePresent',
  ShowStatus: 'MustBePresent',
  ServiceDate: 'MustBePresent',
  ProgramSelected: 'MustBePresent',
  ProgramLocation: 'MustBePresent',
  LocationSelected: 'MustBePresent',
  MissingDiagnosis: 'MustBePresent',
  SpanMidnight: 'NotPresent',
  AppointmentRequired: 'MustBePresent',
  SessionOverlap: 'NotPresent',
  Authorization: 'MustBePresent',
  SessionDurationIncrement: 'MustBePresent',
  Insurance: 'MustBePresent',
  ServiceBasedSubformDuration: 'MustBePresent',
  Age: 'MustBePresent',
};

/**
 * Evaluates a practice's note rules against a note: the one evaluator the editor runs live and
 * the server runs again at signing. Rules that are not Active or not in the note's scope are
 * skipped. Results come blocking first, then in the rules' order.
 */
export function evaluateNoteRules(rules: readonly NoteRule[], ctx: NoteRuleContext): RuleResult[] {
  const results: RuleResult[] = [];
  for (const rule of rules) {
    if (!ruleApplies(rule, ctx)) continue;
    const check = CHECKS[rule.kind] as RuleCheck<NoteRuleKind> | undefined;
    if (!check) continue;
    const presence = rule.presence ?? DEFAULT_RULE_PRESENCE[rule.kind];
    const finding = check((rule.parameters ?? {}) as never, presence, ctx);
    if (!finding) continue;
    results.push({
      rule: { id: rule.id, kind: rule.kind, display: rule.display ?? rule.name },
      severity: rule.severity === 'block' ? 'block' : 'warn',
      message: rule.message?.trim() ? rule.message.trim() : finding.message,
      field: finding.field,
    });
  }
  return [...results.filter((r) => r.severity === 'block'), ...results.filter((r) => r.severity === 'warn')];
}

/** The results that refuse signing. */
export function blockingResults(results: readonly RuleResult[]): RuleResult[] {
  return results.filter((r) => r.severity === 'block');
}
