import type { Reference } from '@caseload/core';
import { Button, Card, Group, Image, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { SignaturePadInput } from '../../forms/index.ts';
import type { PatientSignatureState } from '../hooks/usePatientSignature.ts';

const keyOf = (r: Reference) => `${r.resourceType}/${r.id}`;

/**
 * The patient's (or a related person's) signature a note's signature configuration asks for,
 * taken on this device before the clinician signs: drawn or typed (the forms' signature pad),
 * stored as a Media of the chart, and sent with the sign call (docs/notes.md "Signing").
 */
export function PatientSignatureCard({ state, patientLabel }: { state: PatientSignatureState; patientLabel: string }) {
  const [signerKey, setSignerKey] = useState<string>();
  if (!state.wanted) return null;
  const signer = state.signers.find((s) => keyOf(s) === signerKey) ?? state.signers[0]!;
  const title = state.wanted === 'Patient' ? `${patientLabel} signature` : `${patientLabel} or related person signature`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="patient-signature-title" data-testid="patient-signature">
      <Title order={2} fz="md" mb={4} id="patient-signature-title">
        {title}
      </Title>
      {state.capture ? (
        <Stack gap={6}>
          <Image
            src={state.capture.preview}
            alt={`Signature of ${state.capture.signer.display ?? 'the signer'}`}
            w={240}
            radius="sm"
            bg="white"
          />
          <Group justify="space-between">
            <Text size="sm">
              Signed by {state.capture.signer.display ?? state.capture.signer.resourceType}; sent when you sign the note.
            </Text>
            <Button size="xs" variant="default" onClick={state.clear}>
              Sign again
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap={6}>
          <Text size="sm" c="dimmed">
            This note needs this signature before it can be signed. Hand the device over to sign.
          </Text>
          {state.wanted === 'PatientOrRelatedPerson' && (
            <Select
              label="Who signs"
              data={state.signers.map((s) => ({
                value: keyOf(s),
                label:
                  s.resourceType === 'Patient'
                    ? `${s.display ?? patientLabel} (${patientLabel.toLowerCase()})`
                    : (s.display ?? 'Related person'),
              }))}
              value={keyOf(signer)}
              onChange={(v) => setSignerKey(v ?? undefined)}
              allowDeselect={false}
              maw={320}
            />
          )}
          <SignaturePadInput
            label={`Signature of ${signer.display ?? patientLabel}`}
            onSign={(image, preview) => state.take(signer, image, preview)}
          />
        </Stack>
      )}
    </Card>
  );
}
