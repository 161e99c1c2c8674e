export { NewPasswordForm } from './components/NewPasswordForm.tsx';
export { RequestResetForm } from './components/RequestResetForm.tsx';
