export { ScribeRecorder } from './components/ScribeRecorder.tsx';
export { DictationButton, type DictationButtonProps } from './components/DictationButton.tsx';
export { NoteDictationButton, type NoteDictationButtonProps } from './components/NoteDictationButton.tsx';
