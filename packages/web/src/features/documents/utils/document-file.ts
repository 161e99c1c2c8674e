import { DOCUMENT_CATEGORIES, findConcept, type DocumentReference } from '@caseload/core';

/**
 * The address of a document's file: its Media's content (docs/content.md), served inline with the
 * type it was uploaded as, so a PDF opens in the browser's viewer. The session cookie authorises it.
 */
export function documentFileUrl(practiceId: string, document: Pick<DocumentReference, 'media'>): string {
  return `/api/v1/practices/${encodeURIComponent(practiceId)}/Media/${encodeURIComponent(document.media.id)}/content`;
}

/** "48 KB", "1.2 MB": a file's size as people read it. */
export function fileSize(bytes: number | undefined): string {
  if (bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A document's title from its file's name: "Welcome letter.pdf" gives "Welcome letter". */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).trim().slice(0, 200);
}

const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** A yyyy-MM-dd day as the reader writes dates ("Nov 2, 2026"): a day, with no time zone to shift it. */
export function documentDay(date: string | undefined): string {
  return date ? DAY.format(new Date(`${date}T00:00:00Z`)) : '';
}

/** "Treatment summary": the category's name, from the vocabulary when the record carries only its code. */
export function categoryName(document: Pick<DocumentReference, 'category'>): string {
  const code = document.category?.code;
  return (code && findConcept(DOCUMENT_CATEGORIES, code)?.display) || document.category?.display || code || '';
}

/** Newest first by the document's date, then by its title. */
export function byDateDesc(a: DocumentReference, b: DocumentReference): number {
  return (b.date ?? '').localeCompare(a.date ?? '') || (a.title ?? '').localeCompare(b.title ?? '');
}
