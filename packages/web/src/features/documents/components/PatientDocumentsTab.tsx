import type { DocumentReference } from '@caseload/core';
import { Alert, Anchor, Badge, Button, FileButton, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconFileText, IconUpload } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import { ConfirmDeleteDialog } from '../../../ui/ConfirmDeleteDialog.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { useCan, useCurrentPractice } from '../../practice/index.ts';
import { usePatientDocuments } from '../hooks/usePatientDocuments.ts';
import { categoryName, documentDay, documentFileUrl, fileSize } from '../utils/document-file.ts';
import { DocumentUploadDialog } from './DocumentUploadDialog.tsx';

export interface PatientDocumentsTabProps {
  patientId: string;
}

/**
 * The chart's Documents tab: every document of the chart, newest first, each opening its file;
 * "Upload document" (a file picked or dropped on the tab) and "Share with patient" / "Stop
 * sharing", offered only to users whose grant sets let them (Manage documents).
 */
export function PatientDocumentsTab({ patientId }: PatientDocumentsTabProps) {
  const { documents, loading, error, upload, setShared, remove } = usePatientDocuments(patientId);
  const practiceId = useCurrentPractice().current?.practiceId ?? '';
  const createDocument = useCan('Create', 'DocumentReference');
  const createMedia = useCan('Create', 'Media');
  const updateMedia = useCan('Update', 'Media');
  // The file goes up as a new Media's content (an update of it), then the document naming it.
  const canUpload = createDocument && createMedia && updateMedia;
  const canShare = useCan('Update', 'DocumentReference');
  const canDelete = useCan('Delete', 'DocumentReference');
  const [deleting, setDeleting] = useState<DocumentReference | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [shareError, setShareError] = useState<string | null>(null);

  const drop = canUpload
    ? {
        onDragOver: (e: DragEvent) => {
          e.preventDefault();
          setDragging(true);
        },
        onDragLeave: () => setDragging(false),
        onDrop: (e: DragEvent) => {
          e.preventDefault();
          setDragging(false);
          const dropped = e.dataTransfer.files[0];
          if (dropped) setFile(dropped);
        },
      }
    : {};

  const share = (d: DocumentReference, shared: boolean) => {
    setShareError(null);
    setShared(d, shared).catch((e: unknown) => setShareError(e instanceof Error ? e.message : String(e)));
  };
  const confirmDelete = () => {
    const d = deleting;
    setDeleting(null);
    if (!d) return;
    setShareError(null);
    remove(d).catch((e: unknown) => setShareError(e instanceof Error ? e.message : String(e)));
  };

  const uploadButton = canUpload && (
    <FileButton onChange={setFile}>
      {(props) => (
        <Button {...props} leftSection={<IconUpload size={16} />}>
          Upload document
        </Button>
      )}
    </FileButton>
  );

  return (
    <Paper {...drop} p={0} withBorder={dragging} style={dragging ? { borderStyle: 'dashed' } : undefined} data-testid="chart-documents">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={2} fz="lg">
              Documents
            </Title>
            {canUpload && (
              <Text fz="sm" c="dimmed">
                Letters, summaries and copies for this chart. Drop a file here or upload one.
              </Text>
            )}
          </div>
          {uploadButton}
        </Group>
        {(error || shareError) && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="Documents can't be shown or changed">
            {shareError ?? error?.message}
          </Alert>
        )}
        {documents.length === 0 ? (
          loading ? (
            <LoadingIndicator fullScreen={false} label="Loading the documents" />
          ) : (
            <EmptyState
              icon={IconFileText}
              title="No documents yet"
              description={
                canUpload
                  ? 'Upload a letter, a treatment summary or a copy of a consent.'
                  : 'Documents uploaded to this chart will be here.'
              }
            />
          )
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" aria-label="Documents of this chart">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Author</Table.Th>
                  <Table.Th>Size</Table.Th>
                  <Table.Th>Patient portal</Table.Th>
                  {(canShare || canDelete) && (
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {documents.map((d) => (
                  <Table.Tr key={d.id} data-testid="chart-document">
                    <Table.Td>
                      <Anchor href={documentFileUrl(practiceId, d)} target="_blank" rel="noopener" fw={600}>
                        {d.title}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{categoryName(d)}</Table.Td>
                    <Table.Td>{documentDay(d.date)}</Table.Td>
                    <Table.Td>{d.author?.display ?? ''}</Table.Td>
                    <Table.Td>{fileSize(d.size)}</Table.Td>
                    <Table.Td>
                      {d.sharedWithPatient ? (
                        <Badge color="teal" variant="light">
                          Shared
                        </Badge>
                      ) : (
                        <Text fz="sm" c="dimmed">
                          Not shared
                        </Text>
                      )}
                    </Table.Td>
                    {(canShare || canDelete) && (
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          {canShare && (
                            <Button
                              size="xs"
                              variant="default"
                              onClick={() => share(d, !d.sharedWithPatient)}
                              aria-label={`${d.sharedWithPatient ? 'Stop sharing' : 'Share with patient'}: ${d.title}`}
                            >
                              {d.sharedWithPatient ? 'Stop sharing' : 'Share with patient'}
                            </Button>
                          )}
                          {canDelete && (
                            <Button
                              size="xs"
                              variant="subtle"
                              color="intent-danger"
                              onClick={() => setDeleting(d)}
                              aria-label={`Delete: ${d.title}`}
                            >
                              Delete
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ConfirmDeleteDialog
        opened={deleting !== null}
        what={`the document ${deleting?.title ?? ''}`}
        instead={deleting?.sharedWithPatient ? "To take it out of the patient's portal only, stop sharing it instead." : undefined}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      {file && <DocumentUploadDialog file={file} onUpload={(fields) => upload(file, fields)} onClose={() => setFile(null)} />}
    </Paper>
  );
}
