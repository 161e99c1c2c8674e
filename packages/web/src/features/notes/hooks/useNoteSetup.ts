import type { HealthcareService, Location, NoteDefinition, NoteTemplate, Program } from '@caseload/core';
import { useMemo } from 'react';
import { useCollection } from '../../../data/index.ts';

/** The practice's set-up a note is written against, read through the data layer (shared, cached). */
export interface NoteSetup {
  definitions: NoteDefinition[];
  templates: NoteTemplate[];
  services: HealthcareService[];
  locations: Location[];
  programs: Program[];
  loading: boolean;
  error?: Error;
}

const active = <T extends { active?: boolean }>(items: T[]) => items.filter((i) => i.active !== false);

/** Note definitions, templates, services, locations and programs (inactive ones left out). */
export function useNoteSetup(): NoteSetup {
  const definitions = useCollection<NoteDefinition>('NoteDefinitions');
  const templates = useCollection<NoteTemplate>('NoteTemplates');
  const services = useCollection<HealthcareService>('HealthcareServices');
  const locations = useCollection<Location>('Locations');
  const programs = useCollection<Program>('Programs');
  const lists = [definitions, templates, services, locations, programs];
  const loading = lists.some((l) => l.loading && l.items.length === 0);
  const error = definitions.error ?? templates.error;
  return useMemo(
    () => ({
      definitions: definitions.items,
      templates: templates.items,
      services: active(services.items),
      locations: active(locations.items),
      programs: active(programs.items),
      loading,
      error,
    }),
    [definitions.items, templates.items, services.items, locations.items, programs.items, loading, error],
  );
}
