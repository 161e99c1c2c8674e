export { UsersAdministration } from './components/UsersAdministration.tsx';
export { usePracticeUsers, type PracticeUsers } from './hooks/usePracticeUsers.ts';
export type { InviteAnswer, PracticeUser } from './api/users.api.ts';
