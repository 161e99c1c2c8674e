import { hasFlag, practitionerDisplay, type Practitioner } from '@caseload/core';
import { useMemo } from 'react';
import { useCollection } from '../../../data/index.ts';
import { useCurrentPermissions } from '../../shell/index.ts';
import { usePracticeUsers } from '../../users/index.ts';

export interface AuditPerson {
  id: string;
  name: string;
}

export interface AuditPeople {
  /** The practice's staff, by name: the user filter's choices. */
  staff: AuditPerson[];
  staffName(id: string | undefined): string | undefined;
  /** Sign-in accounts by e-mail, when the caller may list users; else none (ids are shown). */
  accounts: AuditPerson[];
  accountEmail(id: string | undefined): string | undefined;
}

/**
 * Who the trail's events name, in words: staff from the directory (Practitioners), accounts from
 * the users list for those who may read it (Manage users or View permissions; the server decides).
 */
export function useAuditPeople(): AuditPeople {
  const permissions = useCurrentPermissions();
  const mayListUsers =
    !!permissions &&
    (hasFlag(permissions, 'administrative', 'CanManageUsers') || hasFlag(permissions, 'administrative', 'CanViewPermission'));
  const practitioners = useCollection<Practitioner>('Practitioners').items;
  const { users } = usePracticeUsers(mayListUsers);
  return useMemo(() => {
    const staff = practitioners
      .filter((p) => !p.meta?.isDeleted)
      .map((p) => ({ id: p.id, name: practitionerDisplay(p) || p.display || p.id }))
      .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
    const staffById = new Map(staff.map((s) => [s.id, s.name]));
    const emails = new Map((users ?? []).map((u) => [u.accountId, u.email]));
    const accounts = [...emails].map(([id, email]) => ({ id, name: email })).sort((a, b) => a.name.localeCompare(b.name));
    return {
      staff,
      staffName: (id) => (id ? staffById.get(id) : undefined),
      accounts,
      accountEmail: (id) => (id ? emails.get(id) : undefined),
    };
  }, [practitioners, users]);
}
