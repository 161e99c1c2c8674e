import { object, string, type InferType } from '../../../ui/yup.ts';

/**
 * The invite form's checks, in yup's words (SPEC.md section 5: '{path} is a required field',
 * 'must be a valid email'), each field named by its label.
 */
export const inviteSchema = object({
  given: string().label('Given name').trim().required(),
  family: string().label('Family name').trim().required(),
  credentials: string().label('Credentials').trim().max(40).default(''),
  email: string().label('E-mail').trim().required().email(),
  role: string().label('Role').required(),
});

export type InviteValues = InferType<typeof inviteSchema>;
