import { Avatar, type AvatarProps } from '@mantine/core';
import type { Practitioner } from '@caseload/core';
import { initialsOf } from '../utils/initials.ts';
import { thumbnailUrl } from '../utils/content-url.ts';

export interface StaffAvatarProps extends Omit<AvatarProps, 'src' | 'alt'> {
  practitioner: Practitioner;
  /** The thumbnail asked of the server, in pixels (twice the shown size, for sharp screens). */
  pixels?: number;
}

/** A practitioner's avatar: the server's thumbnail of their photo, else their initials. */
export function StaffAvatar({ practitioner, pixels = 80, ...props }: StaffAvatarProps) {
  const name = practitioner.display ?? '';
  return (
    <Avatar src={thumbnailUrl(practitioner, pixels)} alt={name ? `Photo of ${name}` : 'Photo'} color="caseload" {...props}>
      {initialsOf(practitioner)}
    </Avatar>
  );
}
