import { Group, TextInput } from '@mantine/core';
import type { SectionProps } from './section-props.ts';

/** Names and credentials: the legal name, credentials (LCSW, PhD) and the NPI. */
export function NamesSection({ register, errors, readOnly }: SectionProps) {
  const name = errors.names?.[0];
  return (
    <>
      <Group grow align="flex-start">
        <TextInput label="Given name" required readOnly={readOnly} {...register('names.0.given.0')} error={name?.given?.[0]?.message} />
        <TextInput label="Family name" required readOnly={readOnly} {...register('names.0.family')} error={name?.family?.message} />
      </Group>
      <Group grow align="flex-start">
        <TextInput
          label="Credentials"
          description="e.g. LCSW, PhD"
          readOnly={readOnly}
          {...register('credentials')}
          error={errors.credentials?.message}
        />
        <TextInput
          label="NPI"
          description="National Provider Identifier, 10 digits"
          inputMode="numeric"
          readOnly={readOnly}
          {...register('npi')}
          error={errors.npi?.message}
        />
      </Group>
    </>
  );
}
