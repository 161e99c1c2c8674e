import { Button, FileButton, Image, Stack, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { usePersonalSignature } from '../hooks/usePersonalSignature.ts';
import { thumbnailUrl } from '../utils/content-url.ts';
import { IMAGE_TYPES } from './PhotoUpload.tsx';

export interface SignatureUploadProps {
  practitionerId: string;
  name: string;
  /** The profile is the viewer's own: only its owner may set a signature. */
  own: boolean;
}

/**
 * The practitioner's signature image, kept as the content of their PersonalSignature: a record
 * only its owner writes (the server refuses anyone else), which everyone who prints notes may
 * read. So a signature is never uploaded in someone else's name.
 */
export function SignatureUpload({ practitionerId, name, own }: SignatureUploadProps) {
  const { signature, loading, maySet, error, choose } = usePersonalSignature(practitionerId, name, own);
  const src = thumbnailUrl(signature, 400);

  return (
    <Stack gap="xs" align="flex-start">
      {src ? (
        <Image src={src} alt={`Signature of ${name}`} maw={320} mah={120} fit="contain" data-testid="practitioner-signature" />
      ) : (
        <Text c="dimmed" fz="sm">
          {loading ? 'Looking for a signature…' : 'No signature image yet.'}
        </Text>
      )}
      {maySet ? (
        <FileButton onChange={(f) => void choose(f)} accept={IMAGE_TYPES}>
          {(props) => (
            <Button {...props} variant="default" size="xs" leftSection={<IconSignature size={16} />}>
              {src ? 'Replace signature' : 'Upload signature'}
            </Button>
          )}
        </FileButton>
      ) : (
        <Text c="dimmed" fz="xs">
          {own ? 'Your role cannot set a signature.' : `Only ${name} can set their own signature.`}
        </Text>
      )}
      <FormErrorAlert error={error} />
    </Stack>
  );
}
