import { PLACES_OF_SERVICE, type Encounter, type NoteDefinition, type PracticePreferenceValues, type Reference } from '@caseload/core';
import type { NoteSetup } from './useNoteSetup.ts';
import type { PatientNoteContext } from './usePatientNoteContext.ts';

export interface EncounterEdits {
  /** The services the definition allows (all, when it names none). */
  services: NoteSetup['services'];
  /** The patient's episodes of care, each named. */
  episodeOptions: PatientNoteContext['episodes'];
  /** Sets one field (undefined removes it). */
  set: <K extends keyof Encounter>(key: K, value: Encounter[K]) => void;
  /** Picks the location, and its own place of service with it (unless places are hidden). */
  chooseLocation: (location: Reference | undefined) => void;
  /** Picks the place of service by its code (none: cleared). */
  choosePlace: (code: string | null) => void;
}

/** The edits the encounter fields make, as changes of the encounter given to `onChange`. */
export function useEncounterEdits(
  onChange: (change: (e: Encounter) => Encounter) => void,
  definition: NoteDefinition | undefined,
  setup: NoteSetup,
  patient: PatientNoteContext,
  preferences: PracticePreferenceValues,
): EncounterEdits {
  const serviceIds = definition?.serviceTypes?.map((s) => s.id);
  const services = serviceIds?.length ? setup.services.filter((s) => serviceIds.includes(s.id)) : setup.services;
  const episodeOptions = patient.episodes.map((ep) => ({
    ...ep,
    display:
      ep.display ??
      `${
        ep.programs
          .map((p) => p.program.display)
          .filter(Boolean)
          .join(', ') || 'Episode'
      } (${ep.status})`,
  }));
  const set = <K extends keyof Encounter>(key: K, value: Encounter[K]) =>
    onChange((e) => {
      const next = { ...e, [key]: value };
      if (value === undefined) delete next[key];
      return next;
    });
  const chooseLocation = (v: Reference | undefined) => {
    const chosen = setup.locations.find((l) => l.id === v?.id);
    onChange((e) => ({
      ...e,
      location: {
        ...e.location,
        location: v,
        // The location's own place of service is the likely one: one action fewer.
        ...(chosen?.placeOfService && !preferences.hidePlaceOfService && { placeOfService: chosen.placeOfService }),
      },
    }));
  };
  const choosePlace = (code: string | null) => {
    const concept = PLACES_OF_SERVICE.concepts.find((c) => c.code === code);
    onChange((e) => ({
      ...e,
      location: {
        ...e.location,
        placeOfService: concept ? { system: PLACES_OF_SERVICE.system, code: concept.code, display: concept.display } : undefined,
      },
    }));
  };
  return { services, episodeOptions, set, chooseLocation, choosePlace };
}
