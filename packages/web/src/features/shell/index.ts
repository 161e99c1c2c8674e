export { AppFrame } from './components/AppFrame.tsx';
