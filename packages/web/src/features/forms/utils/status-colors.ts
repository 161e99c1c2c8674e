import type { MantineColor } from '@mantine/core';

/** Badge colours of the publishing statuses: a draft is work in progress, active is live, retired is gone. */
export const STATUS_COLORS: Record<string, MantineColor> = {
  Draft: 'intent-warning',
  Active: 'intent-success',
  Retired: 'gray',
};
