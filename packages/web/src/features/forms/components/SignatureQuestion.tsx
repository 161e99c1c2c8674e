import { signerRoleOf, type QuestionnaireItem } from '@caseload/core';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useFormState } from 'react-hook-form';
import { memo, useState } from 'react';
import { usePracticeTime } from '../../practice/index.ts';
import { useFormRuntime } from '../hooks/useFormRuntime.ts';
import { errorMessage } from '../utils/form-errors.ts';
import { SignatureImage } from './SignatureImage.tsx';
import { SignaturePadInput } from './SignaturePadInput.tsx';

const WHO = { Practitioner: 'the practitioner', RelatedPerson: 'a related person', AdhocPatient: 'the patient' } as const;

/**
 * A Signature question: who signs follows the variant (PractitionerSignature, the patient on this
 * device, a related person). A signature made here records the hash of the answers; if an answer
 * changes afterwards the server voids it, and it shows as void until signed again.
 */
export const SignatureQuestion = memo(function SignatureQuestion({ item }: { item: QuestionnaireItem }) {
  const runtime = useFormRuntime();
  const clock = usePracticeTime();
  const role = signerRoleOf(item.variant);
  const { errors } = useFormState({ name: item.linkId });
  const error = errorMessage(errors[item.linkId]);
  const mine = runtime.signatures.filter((s) => s.linkId === item.linkId || s.linkId === undefined);
  const valid = mine.filter((s) => !s.voided);
  const [again, setAgain] = useState(false);
  const label = item.text ?? `Signature of ${WHO[role]}`;
  return (
    <Stack gap={6} role="group" aria-label={label} data-testid={`signature-${item.linkId}`}>
      <Text fw={500} fz="sm">
        {label}
        {item.required && (
          <Text component="span" c="red" aria-hidden>
            {' '}
            *
          </Text>
        )}
      </Text>
      {item.help && (
        <Text fz="xs" c="dimmed">
          {item.help}
        </Text>
      )}
      {mine.map((s) => (
        <Group key={`${s.image.id}-${s.signedAt}`} gap="sm" align="center">
          <SignatureImage
            image={s.image}
            preview={runtime.previews[s.image.id]}
            alt={`${label}, signed ${clock.formatDateTime(s.signedAt)}`}
          />
          <Stack gap={2}>
            <Text fz="xs">
              Signed by {s.signer.display ?? WHO[s.role]} on {clock.formatDateTime(s.signedAt)}
            </Text>
            {s.voided && (
              <Badge color="intent-danger" variant="light">
                Void: an answer changed after signing
              </Badge>
            )}
          </Stack>
        </Group>
      ))}
      {runtime.sign && (valid.length === 0 || again) ? (
        <SignaturePadInput
          label={label}
          onSign={async (image, preview) => {
            await runtime.sign!({ linkId: item.linkId, image, preview });
            setAgain(false);
          }}
        />
      ) : runtime.sign ? (
        <Button size="xs" variant="subtle" w="fit-content" onClick={() => setAgain(true)}>
          Sign again
        </Button>
      ) : (
        valid.length === 0 && (
          <Text fz="xs" c="dimmed">
            Signed when the form is answered for a patient.
          </Text>
        )
      )}
      {error && (
        <Text c="red" fz="xs" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
});
