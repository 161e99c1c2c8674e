import type { QuestionnaireItem } from '@caseload/core';

/** What every question component takes. */
export interface QuestionProps {
  item: QuestionnaireItem;
  /** The form field: the linkId, or `grid.row.column` for a Grid cell. */
  name: string;
  /** The accessible label when it is not the item's text (a Grid cell: "Row: Column"). */
  label?: string;
  /** Hide the label visually (Grid cells, whose row and column headings say it); it stays for screen readers. */
  compact?: boolean;
}
