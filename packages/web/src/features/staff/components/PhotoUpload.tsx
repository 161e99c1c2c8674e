import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import type { Practitioner } from '@caseload/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useUpload } from '../../../data/index.ts';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { thumbnailUrl } from '../utils/content-url.ts';
import { StaffAvatar } from './StaffAvatar.tsx';

export interface PhotoUploadProps {
  practitioner: Practitioner;
  readOnly: boolean;
}

/** Images the server makes thumbnails of (docs/content.md). */
export const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';
/** Larger photos are refused here rather than after a long upload. */
const MAX_BYTES = 10 * 1024 * 1024;

/**
 * The practitioner's photo: uploaded as the Practitioner's content through the write queue; the
 * avatar and this preview are the server's thumbnails of it (64 and 256 pixels), so one upload
 * serves both (docs/users-and-staff.md).
 */
export function PhotoUpload({ practitioner, readOnly }: PhotoUploadProps) {
  const upload = useUpload('Practitioners');
  const [error, setError] = useState<unknown>(null);
  const photo = thumbnailUrl(practitioner, 256);
  const choose = (file: File | null) => {
    setError(null);
    if (!file) return;
    if (file.size > MAX_BYTES) return setError(new Error('Choose a photo smaller than 10 MB.'));
    upload(practitioner, file, file.type || 'application/octet-stream').catch(setError);
  };
  return (
    <Stack gap="xs" align="flex-start">
      <Group gap="md" align="flex-end">
        {photo ? (
          <Image
            src={photo}
            alt={`Photo of ${practitioner.display ?? 'this practitioner'}`}
            w={128}
            h={128}
            radius="md"
            fit="cover"
            data-testid="practitioner-photo"
          />
        ) : (
          <StaffAvatar practitioner={practitioner} size={128} radius="md" />
        )}
        <Stack gap={4}>
          <Text fz="sm" c="dimmed">
            Avatar
          </Text>
          <StaffAvatar practitioner={practitioner} size={48} radius="xl" pixels={96} />
        </Stack>
      </Group>
      {!readOnly && (
        <FileButton onChange={choose} accept={IMAGE_TYPES}>
          {(props) => (
            <Button {...props} variant="default" size="xs" leftSection={<IconPhotoUp size={16} />}>
              {photo ? 'Replace photo' : 'Upload photo'}
            </Button>
          )}
        </FileButton>
      )}
      <FormErrorAlert error={error} />
    </Stack>
  );
}
