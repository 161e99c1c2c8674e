import type { DocumentReference, Reference, Resource } from '@caseload/core';
import { useCallback, useMemo } from 'react';
import type { ApiError } from '../../../api/index.ts';
import { useCollection, useDataLayer } from '../../../data/index.ts';
import { useNoteAuthor } from '../../notes/index.ts';
import { byDateDesc } from '../utils/document-file.ts';

/** What an upload records about the file besides the file itself. */
export interface DocumentFields {
  title: string;
  category: DocumentReference['category'];
  date: string;
}

export interface PatientDocuments {
  documents: DocumentReference[];
  loading: boolean;
  error?: ApiError;
  /** The file as a new Media of the chart with its content, and a DocumentReference naming it (queued, in that order). */
  upload(file: File, fields: DocumentFields): Promise<void>;
  /** Shares the document with the patient's portal, or stops sharing it. */
  setShared(document: DocumentReference, shared: boolean): Promise<void>;
  /** Deletes a document entered in error; the portal no longer reaches its file (the server's rule). */
  remove(document: DocumentReference): Promise<void>;
}

/** A chart's documents (docs/patients.md, "Documents"), newest first, with the calls that change them. */
export function usePatientDocuments(patientId: string): PatientDocuments {
  const layer = useDataLayer();
  const me = useNoteAuthor();
  const { items, loading, error } = useCollection<DocumentReference>('DocumentReferences', { partition: patientId });
  const documents = useMemo(() => [...items].sort(byDateDesc), [items]);
  const upload = useCallback(
    async (file: File, fields: DocumentFields) => {
      const contentType = file.type || 'application/octet-stream';
      const media = await layer.upsert<Resource>('Media', { resourceType: 'Media', partition: patientId, display: fields.title });
      await layer.upload('Media', media, file, contentType);
      await layer.upsert<DocumentReference>('DocumentReferences', {
        resourceType: 'DocumentReference',
        partition: patientId,
        ...fields,
        media: { resourceType: 'Media', id: media.id },
        contentType,
        size: file.size,
        sharedWithPatient: false,
        // The server sets the author to the caller; the name is kept for the list.
        ...(me && { author: me as Reference }),
      });
    },
    [layer, patientId, me],
  );
  const setShared = useCallback(
    async (document: DocumentReference, shared: boolean) => {
      const { sharedAt: _at, sharedBy: _by, ...rest } = document;
      await layer.upsert<DocumentReference>('DocumentReferences', {
        ...rest,
        sharedWithPatient: shared,
        ...(shared && me && { sharedBy: me }),
      });
    },
    [layer, me],
  );
  const remove = useCallback((document: DocumentReference) => layer.remove('DocumentReferences', document), [layer]);
  return { documents, loading, error, upload, setShared, remove };
}
