import type { ScribeFormat } from '@caseload/core';

/** How the format picker names each format. */
export const FORMAT_LABELS: Record<ScribeFormat, string> = {
  BIRP: 'BIRP',
  DAP: 'DAP',
  GIRPP: 'GIRPP',
  SIRP: 'SIRP',
  BEHAVIORAL_SOAP: 'SOAP (behavioral)',
  HP: 'H&P (history and physical)',
  PHYSICAL_SOAP: 'SOAP (physical)',
};
