import type { Reference } from '@caseload/core';
import { Alert, Card, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { SignaturePadInput } from '../../forms/index.ts';
import { StaffName } from '../../notes/index.ts';
import { practiceClock } from '../../practice/index.ts';
import type { PlanPatientSignatureState } from '../hooks/usePlanPatientSignature.ts';

const keyOf = (r: Reference) => `${r.resourceType}/${r.id}`;

export interface PlanPatientSignatureProps {
  state: PlanPatientSignatureState;
  patientName: string;
  timeZone: string;
  /** The profile may add the signature (it updates plans); otherwise the card only reports. */
  mayCapture: boolean;
}

/**
 * "Patient signature" on a signed plan: who signed this revision, or the pad to sign it on this
 * device (the clinician hands it over). Whether a signature is owed is the configuration's; a
 * patient may sign a plan that does not require it.
 */
export function PlanPatientSignature({ state, patientName, timeZone, mayCapture }: PlanPatientSignatureProps) {
  const [signerKey, setSignerKey] = useState<string>();
  const signer = state.signers.find((s) => keyOf(s) === signerKey) ?? state.signers[0]!;
  const when = (at: string) => practiceClock(timeZone).formatDateTime(at);
  const signed = state.current.length > 0;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="plan-patient-signature-title" data-testid="plan-patient-signature">
      <Title order={2} fz="md" mb={4} id="plan-patient-signature-title">
        Patient signature
      </Title>
      <Stack gap={6}>
        {signed ? (
          state.current.map((s, i) => (
            <Text size="sm" key={i}>
              Signed by{' '}
              <strong>
                <StaffName reference={s.signer} />
              </strong>{' '}
              ({s.role === 'Patient' ? 'patient' : 'related person'}) on this revision, {when(s.signedAt)}.
            </Text>
          ))
        ) : (
          <Text size="sm" c={state.owed ? undefined : 'dimmed'}>
            {state.owed
              ? `This plan needs ${patientName}'s signature on its current revision.`
              : `Not signed by ${patientName} on this revision.`}
          </Text>
        )}
        {mayCapture && !signed && (
          <>
            <Text size="sm" c="dimmed">
              Hand the device over to sign.
            </Text>
            {state.signers.length > 1 && (
              <Select
                label="Who signs"
                data={state.signers.map((s) => ({
                  value: keyOf(s),
                  label: s.resourceType === 'Patient' ? `${s.display ?? patientName} (patient)` : (s.display ?? 'Related person'),
                }))}
                value={keyOf(signer)}
                onChange={(v) => setSignerKey(v ?? undefined)}
                allowDeselect={false}
                maw={320}
              />
            )}
            <SignaturePadInput label={`Signature of ${signer.display ?? patientName}`} onSign={(image) => state.take(signer, image)} />
          </>
        )}
        {state.error && (
          <Alert color="red" variant="light" role="alert" data-testid="patient-signature-error">
            {state.error}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
