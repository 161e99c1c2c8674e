import { DOCUMENT_CATEGORIES, toCoding, type Coding } from '@caseload/core';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormErrorAlert } from '../../../ui/FormErrorAlert.tsx';
import { usePracticeTime } from '../../practice/index.ts';
import type { DocumentFields } from '../hooks/usePatientDocuments.ts';
import { fileSize, titleFromFileName } from '../utils/document-file.ts';

export interface DocumentUploadDialogProps {
  file: File;
  onUpload: (fields: DocumentFields) => Promise<void>;
  onClose: () => void;
}

const CATEGORIES = DOCUMENT_CATEGORIES.concepts.map((c) => ({ value: c.code, label: c.display }));

/** Names a picked or dropped file before it is stored: its title, what it is, the day it is of. */
export function DocumentUploadDialog({ file, onUpload, onClose }: DocumentUploadDialogProps) {
  const clock = usePracticeTime();
  const [title, setTitle] = useState(() => titleFromFileName(file.name));
  const [category, setCategory] = useState<string>('letter');
  const [date, setDate] = useState(() => clock.dateOf(new Date()));
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const blank = title.trim() === '';
  const save = async () => {
    if (blank || !date) return;
    setSaving(true);
    setError(null);
    try {
      await onUpload({ title: title.trim(), category: toCoding(DOCUMENT_CATEGORIES, category) as Coding, date });
      onClose();
    } catch (e) {
      setError(e);
      setSaving(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title="Upload document">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            {file.name} · {fileSize(file.size)}
          </Text>
          <TextInput
            label="Title"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            required
            data-autofocus
            maxLength={200}
            error={blank ? 'A title is required' : undefined}
          />
          <Select label="Category" data={CATEGORIES} value={category} onChange={(v) => v && setCategory(v)} allowDeselect={false} />
          <TextInput label="Date" type="date" value={date} onChange={(e) => setDate(e.currentTarget.value)} required />
          <FormErrorAlert error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={blank || !date}>
              Upload
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
