import { Alert, Badge, Button, Checkbox, Group, ScrollArea, Stack, Text } from '@mantine/core';
import type { Permission } from '@caseload/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../api/index.ts';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { useSubmit } from '../../../ui/useSubmit.ts';
import type { PracticeUser } from '../api/users.api.ts';
import { undelegableGrantSets } from '../utils/delegation.ts';
import type { RoleOption } from '../utils/role-options.ts';

export interface RolesDialogProps {
  user: PracticeUser;
  name: string;
  options: readonly RoleOption[];
  /** The caller's permissions, to explain a delegation refusal; undefined when unknown. */
  callerPermissions: ReadonlySet<Permission> | undefined;
  associate: boolean;
  onSave: (roles: string[]) => Promise<void>;
  onClose: () => void;
}

/**
 * Picks a user's roles: the built-in staff roles and the practice's own. The server decides
 * (nobody gives grant sets they do not hold); when it refuses, the dialog says which grant sets
 * of the chosen roles are beyond the caller's own, so the refusal is understood, not just seen.
 */
export function RolesDialog({ user, name, options, callerPermissions, associate, onSave, onClose }: RolesDialogProps) {
  const [roles, setRoles] = useState<string[]>(user.roles);
  const submit = useSubmit(async () => {
    await onSave(roles);
    onClose();
  });
  const refused = isApiError(submit.error) && submit.error.status === 403;
  const added = roles.filter((r) => !user.roles.includes(r));
  const lacking = refused && callerPermissions ? undelegableGrantSets(callerPermissions, added, options, associate) : [];
  const unknown = user.roles.filter((r) => !options.some((o) => o.value === r));
  const groups: [string, RoleOption[]][] = [
    ['Built-in roles', options.filter((o) => o.kind === 'built-in')],
    ['Practice roles', options.filter((o) => o.kind === 'practice')],
  ];

  return (
    <Modal opened onClose={onClose} title={`Roles of ${name}`} size="lg" closeOnEscape={!submit.pending}>
      <Stack gap="md">
        <Text c="dimmed" fz="sm">
          A role is a set of grant sets; {name} holds every grant set of the roles chosen here. The change applies from their next action.
        </Text>
        <ScrollArea.Autosize mah="50vh" type="auto">
          <Checkbox.Group value={roles} onChange={setRoles} label="Roles">
            <Stack gap="md" mt="xs">
              {groups.map(([heading, list]) =>
                list.length === 0 ? null : (
                  <Stack key={heading} gap={6} role="group" aria-label={heading}>
                    <Text fw={600} fz="sm">
                      {heading}
                    </Text>
                    {list.map((o) => (
                      <Checkbox key={o.value} value={o.value} label={o.label} description={o.description} />
                    ))}
                  </Stack>
                ),
              )}
              {unknown.map((r) => (
                <Checkbox key={r} value={r} label={r} description="A role this screen does not know; untick it to take it away." />
              ))}
            </Stack>
          </Checkbox.Group>
        </ScrollArea.Autosize>
        {refused ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconShieldLock size={20} />}
            role="alert"
            title={submit.error instanceof Error ? submit.error.message : undefined}
          >
            <Text fz="sm">You can give only grant sets you hold yourself, so these roles were not saved.</Text>
            {lacking.length > 0 && (
              <>
                <Text fz="sm" mt={6}>
                  Beyond your own grant sets:
                </Text>
                <Group gap={6} mt={4} data-testid="undelegable-grant-sets">
                  {lacking.map((g) => (
                    <Badge key={g} color="red" variant="outline" tt="none">
                      {g}
                    </Badge>
                  ))}
                </Group>
              </>
            )}
          </Alert>
        ) : (
          <FormErrorAlert error={submit.error} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={submit.pending}>
            Cancel
          </Button>
          <Button loading={submit.pending} onClick={() => void submit.run()}>
            Save roles
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
