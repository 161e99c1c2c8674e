/**
 * Note configuration (issue 7): the administration sections for note definitions, note templates,
 * note rules and signature configurations. docs/notes.md, "Configuration screens".
 */
export { NoteConfigPanel, type NoteConfigPanelProps, type NoteConfigSectionId } from './components/NoteConfigPanel.tsx';
export { RULE_KINDS, ruleKindInfo, presenceLabel, type RuleKindInfo } from './utils/rule-kinds.ts';
