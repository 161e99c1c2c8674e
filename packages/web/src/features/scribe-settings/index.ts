export { ScribeSettingsPanel } from './components/ScribeSettingsPanel.tsx';
export { SpeechRulesPanel } from './components/SpeechRulesPanel.tsx';
