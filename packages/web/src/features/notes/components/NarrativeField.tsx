import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { NarrativeEditorProps } from './NarrativeEditor.tsx';

/** TipTap and ProseMirror are large: their chunk is fetched when a narrative is first shown. */
const NarrativeEditor = lazy(() => import('./NarrativeEditor.tsx'));

/** A narrative section's rich-text editor (or read-only text), loaded on demand. */
export function NarrativeField(props: NarrativeEditorProps) {
  return (
    <Suspense fallback={<Skeleton height={props.readOnly ? 60 : 200} radius="sm" aria-label="Loading the text editor" />}>
      <NarrativeEditor {...props} />
    </Suspense>
  );
}
