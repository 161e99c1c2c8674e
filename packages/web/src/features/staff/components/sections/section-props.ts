import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import type { ProfileValues } from '../../utils/practitioner-form.ts';

/** What every part of the profile form is given. */
export interface SectionProps {
  control: Control<ProfileValues>;
  register: UseFormRegister<ProfileValues>;
  errors: FieldErrors<ProfileValues>;
  /** The viewer may only read (no Update on practitioners): inputs are disabled. */
  readOnly: boolean;
}
