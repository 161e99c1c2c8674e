export { StaffDirectory } from './components/StaffDirectory.tsx';
export { PractitionerProfile, type PractitionerProfileProps } from './components/PractitionerProfile.tsx';
export { StaffAvatar, type StaffAvatarProps } from './components/StaffAvatar.tsx';
export { thumbnailUrl } from './utils/content-url.ts';
