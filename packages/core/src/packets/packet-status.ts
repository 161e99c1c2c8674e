import type { PacketResponse } from './types.ts';

/** Whether the patient may still answer and submit: not yet submitted. */
export const isPacketOpen = (response: Pick<PacketResponse, 'status'>) =>
  response.status === 'NotStarted' || response.status === 'InProgress';

/** Whether the link has expired at `now`. */
export const isPacketExpired = (response: Pick<PacketResponse, 'expiresAt'>, now: Date) =>
  new Date(response.expiresAt).getTime() <= now.getTime();

/** What a status is called on screen. */
export const PACKET_STATUS_LABELS = {
  NotStarted: 'Not started',
  InProgress: 'In progress',
  Submitted: 'Submitted',
  Reviewed: 'Reviewed',
} as const;
