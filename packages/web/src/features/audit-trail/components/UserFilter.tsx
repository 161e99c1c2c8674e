import { Select } from '@mantine/core';
import type { AuditPeople } from '../hooks/useAuditPeople.ts';
import { shortId } from './PatientName.tsx';

export interface UserFilterProps {
  people: AuditPeople;
  practitionerId: string | undefined;
  accountId: string | undefined;
  onChange: (user: { practitionerId?: string; accountId?: string }) => void;
}

/**
 * Who acted: a staff member (their profile, whatever account acted as it) or, for those who may
 * list users, a sign-in account (whichever profile it acted as, and its failed sign-ins).
 */
export function UserFilter({ people, practitionerId, accountId, onChange }: UserFilterProps) {
  const value = practitionerId ? `user:${practitionerId}` : accountId ? `account:${accountId}` : null;
  const staff = people.staff.map((s) => ({ value: `user:${s.id}`, label: s.name }));
  const accounts = people.accounts.map((a) => ({ value: `account:${a.id}`, label: a.name }));
  // A choice from a link (or a person since removed) is listed even before the lists arrive.
  if (practitionerId && !people.staffName(practitionerId))
    staff.unshift({ value: `user:${practitionerId}`, label: `Staff member ${shortId(practitionerId)}` });
  if (accountId && !people.accountEmail(accountId))
    accounts.unshift({ value: `account:${accountId}`, label: `Account ${shortId(accountId)}` });
  const data = [{ group: 'Staff', items: staff }, ...(accounts.length > 0 ? [{ group: 'Sign-in accounts', items: accounts }] : [])];
  return (
    <Select
      label="User"
      placeholder="Anyone"
      searchable
      clearable
      data={data}
      value={value}
      onChange={(chosen) => {
        if (chosen?.startsWith('user:')) onChange({ practitionerId: chosen.slice(5) });
        else if (chosen?.startsWith('account:')) onChange({ accountId: chosen.slice(8) });
        else onChange({});
      }}
      nothingFoundMessage="Nobody matches"
      data-testid="audit-user-filter"
    />
  );
}
