import { owedCarePlanCoSignature, type CarePlan } from '@caseload/core';
import { Alert, Button, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { userMessageFor } from '../../../platform/core-web.ts';
import { AttestationDialog, StaffName } from '../../notes/index.ts';
import { profileReference, useCurrentPractice, useHasFlag } from '../../practice/index.ts';

export interface PlanCoSignProps {
  plan: CarePlan;
  patientName: string;
  coSign(attestationHash: string): Promise<unknown>;
}

/**
 * A plan awaiting a supervisor's co-signature: who may give it and why, and for that supervisor
 * (holding the Co-sign notes flag) "Co-sign", which asks for the wording recorded when the
 * clinician signed (the notes' AttestationDialog).
 */
export function PlanCoSign({ plan, patientName, coSign }: PlanCoSignProps) {
  const owed = owedCarePlanCoSignature(plan);
  const me = profileReference(useCurrentPractice().current);
  const flag = useHasFlag('clinical', 'CoSignNote');
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  if (!owed) return null;
  const mine = flag && !!me && owed.signers.some((s) => s.id === me.id);
  const confirm = async () => {
    setPending(true);
    setError(undefined);
    try {
      await coSign(owed.attestation?.hash ?? '');
      setOpen(false);
    } catch (e) {
      setError(userMessageFor(e));
    } finally {
      setPending(false);
    }
  };
  return (
    <Alert color="yellow" variant="light" title="Awaiting a supervisor's co-signature" data-testid="plan-cosign">
      <Text size="sm">
        {owed.reason} To be co-signed by{' '}
        {owed.signers.map((s, i) => (
          <span key={s.id}>
            {i > 0 && ' or '}
            <strong>
              <StaffName reference={s} />
            </strong>
          </span>
        ))}
        .
      </Text>
      {mine && (
        <Button mt="sm" size="sm" leftSection={<IconSignature size={18} />} onClick={() => setOpen(true)}>
          Co-sign
        </Button>
      )}
      {mine && owed.attestation && (
        <AttestationDialog
          opened={open}
          onClose={() => setOpen(false)}
          title="Co-sign this care plan"
          attestation={owed.attestation}
          confirmLabel="Co-sign care plan"
          onConfirm={() => void confirm()}
          pending={pending}
          error={error}
        >
          <Text size="sm">
            {plan.title ?? 'Care plan'} · {patientName}
          </Text>
        </AttestationDialog>
      )}
    </Alert>
  );
}
