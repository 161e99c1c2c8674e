import { useMemo } from 'react';
import { useCollection } from '../../../data/index.ts';
import { roleOptions, type RoleOption, type SecurityRoleLike } from '../utils/role-options.ts';
import type { Resource } from '@caseload/core';

/** The roles a user can be given here: the built-in staff roles and the practice's SecurityRoles. */
export function useRoleOptions(): { options: RoleOption[]; loading: boolean } {
  const { items, loading } = useCollection<Resource & SecurityRoleLike>('SecurityRoles');
  return { options: useMemo(() => roleOptions(items), [items]), loading };
}
