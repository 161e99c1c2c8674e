/**
 * Packets for staff (docs/portal.md, "Packets"): sending one from the chart, following it, and
 * reviewing a submitted one into the chart field by field. The portal's side is features/portal.
 */
export { PatientPackets, type PatientPacketsProps } from './components/PatientPackets.tsx';
export { PacketReview, type PacketReviewProps } from './components/PacketReview.tsx';
export { CHART_FIELD_LABELS } from './utils/chart-field-labels.ts';
