/**
 * Assembling packets (docs/portal.md, "Assembling packets"): the administration screen that lists
 * the practice's packets and edits one, its parts in order. Sending and reviewing are features/packets.
 */
export { PacketsPanel } from './components/PacketsPanel.tsx';
