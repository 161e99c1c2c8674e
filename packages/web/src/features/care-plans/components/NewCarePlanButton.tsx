import { Button, type ButtonProps } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { useMayWriteCarePlans } from '../hooks/useMayWriteCarePlans.ts';
import { useNewCarePlan } from '../hooks/useNewCarePlan.ts';

export interface NewCarePlanButtonProps extends ButtonProps {
  patientId: string;
}

/** "New care plan" for a patient: writes the first draft and opens the editor; nothing for a profile that may not write plans. */
export function NewCarePlanButton({ patientId, ...props }: NewCarePlanButtonProps) {
  const may = useMayWriteCarePlans();
  const start = useNewCarePlan(patientId);
  if (!may.create) return null;
  return (
    <>
      <Button leftSection={<IconPlus size={16} />} onClick={() => void start.run()} loading={start.pending} {...props}>
        New care plan
      </Button>
      <FormErrorAlert error={start.error} />
    </>
  );
}
