export { ScribeRecorder } from './components/ScribeRecorder.tsx';
export { DictationButton, type DictationButtonProps } from './components/DictationButton.tsx';
