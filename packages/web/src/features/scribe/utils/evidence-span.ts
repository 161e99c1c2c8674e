import { Mark } from '@tiptap/react';

const DATA = ['sentence', 'evidence', 'review', 'accepted', 'edited'] as const;

/**
 * A generated sentence's `<span data-sentence data-evidence>` (docs/scribe.md) as a TipTap mark,
 * so the note editor keeps a scribe draft's evidence links when the clinician edits the note:
 * without it ProseMirror's schema drops the spans' attributes. Not inclusive: text typed after a
 * sentence is the clinician's own, not part of the cited sentence.
 */
export const EvidenceSpan = Mark.create({
  name: 'scribeEvidence',
  inclusive: false,
  addAttributes() {
    return Object.fromEntries(
      DATA.map((name) => [
        name,
        {
          default: null,
          parseHTML: (element: HTMLElement) => element.getAttribute(`data-${name}`),
          renderHTML: (attributes: Record<string, unknown>) => (attributes[name] == null ? {} : { [`data-${name}`]: attributes[name] }),
        },
      ]),
    );
  },
  parseHTML() {
    return [{ tag: 'span[data-sentence]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', HTMLAttributes, 0];
  },
});
