import type { Filter, Resource } from '@caseload/core';
import { normaliseAppearance, type Appearance } from '../../../ui/appearance.ts';

/** The collection of the user's PersonalPreferences resources, one per practice profile. */
export const PREFERENCES_COLLECTION = 'PersonalPreferences';

/** The fields this client reads and writes; the resource may carry others, which are kept. */
export interface PersonalPreferencesResource extends Resource {
  resourceType: 'PersonalPreferences';
  /** Set by the server to whoever created it. */
  owner: { resourceType: string; id: string };
  /** light or dark; absent follows the device's system setting. */
  colorScheme?: 'light' | 'dark';
  fontSize?: 'Normal' | 'Large';
}

/** What is saved: the stored resource changed, or a new one (no id or meta yet). */
export type PersonalPreferencesDraft = PersonalPreferencesResource | Omit<PersonalPreferencesResource, 'id' | 'meta'>;

/** The query for one profile's preferences (the server also limits them to their owner). */
export const ownerFilters = (ownerId: string): Filter[] => [{ field: 'owner.id', op: 'eq', value: ownerId }];

/** Should two devices each have made one before either synced, the newest wins. */
export function newestOf(items: readonly PersonalPreferencesResource[]): PersonalPreferencesResource | undefined {
  return items
    .filter((i) => !i.meta?.isDeleted)
    .reduce<PersonalPreferencesResource | undefined>(
      (best, i) => (!best || (i.meta?.lastModified ?? '') > (best.meta?.lastModified ?? '') ? i : best),
      undefined,
    );
}

export const appearanceOf = (resource: PersonalPreferencesResource): Appearance => normaliseAppearance(resource);

/** The resource to save for `appearance`: the existing one changed, or a new one for `owner`. */
export function withAppearance(
  existing: PersonalPreferencesResource | undefined,
  owner: { resourceType: string; id: string },
  appearance: Appearance,
): PersonalPreferencesDraft {
  const { colorScheme: _previous, ...rest }: PersonalPreferencesDraft = existing ?? { resourceType: 'PersonalPreferences', owner };
  return {
    ...rest,
    ...(appearance.colorScheme === 'system' ? {} : { colorScheme: appearance.colorScheme }),
    fontSize: appearance.fontSize,
  };
}
