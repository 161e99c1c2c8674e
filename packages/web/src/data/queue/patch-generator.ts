/** What the chunk of its own holds: core's `generatePatch` (SPEC.md section 5) and fast-json-patch under it. */
export { generatePatch } from '@caseload/core';
