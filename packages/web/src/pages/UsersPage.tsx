import { UsersAdministration } from '../features/users/index.ts';

/** `/administration/users`, loaded on demand: the practice's users, roles and grant sets. */
export default function UsersPage() {
  return <UsersAdministration />;
}
