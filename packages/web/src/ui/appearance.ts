import { useSyncExternalStore } from 'react';
import { LARGE_FONT_ZOOM } from '../platform/core-web.ts';

/**
 * How the app looks for this user (SPEC.md section 2): light or dark colour scheme, or the
 * system's; font Normal or Large (the whole app zoomed 1.25). The signed-in user's
 * PersonalPreferences resource is the source of truth; this is its copy on the device, cached in
 * localStorage so public/appearance-boot.js can apply it before the first paint of the next load.
 */
export type ColorSchemeChoice = 'light' | 'dark' | 'system';
export type FontSizeChoice = 'Normal' | 'Large';

export interface Appearance {
  colorScheme: ColorSchemeChoice;
  fontSize: FontSizeChoice;
}

/** Read by public/appearance-boot.js too: keep the key and the attribute names in step. */
export const APPEARANCE_STORAGE_KEY = 'caseload:appearance';
export const FONT_SIZE_ATTRIBUTE = 'data-font-size';

export const DEFAULT_APPEARANCE: Appearance = { colorScheme: 'system', fontSize: 'Normal' };

/** A stored or sent value made safe: anything unknown falls back to the default. */
export function normaliseAppearance(value: unknown): Appearance {
  const v = (value && typeof value === 'object' ? value : {}) as Partial<Record<keyof Appearance, unknown>>;
  return {
    colorScheme: v.colorScheme === 'light' || v.colorScheme === 'dark' ? v.colorScheme : 'system',
    fontSize: v.fontSize === 'Large' ? 'Large' : 'Normal',
  };
}

function readCache(): Appearance {
  try {
    return normaliseAppearance(JSON.parse(localStorage.getItem(APPEARANCE_STORAGE_KEY) ?? 'null'));
  } catch {
    return DEFAULT_APPEARANCE;
  }
}

let current: Appearance = typeof localStorage === 'undefined' ? DEFAULT_APPEARANCE : readCache();
const listeners = new Set<() => void>();

/** Large zooms the whole page, portals (dialogs, menus) included, by core's LARGE_FONT_ZOOM. */
function applyFontSize(fontSize: FontSizeChoice): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  if (fontSize === 'Large') {
    root.setAttribute(FONT_SIZE_ATTRIBUTE, 'large');
    root.style.zoom = String(LARGE_FONT_ZOOM);
  } else {
    root.removeAttribute(FONT_SIZE_ATTRIBUTE);
    root.style.removeProperty('zoom');
  }
}

/** Makes `next` the look of the app now, and of the next load on this device. */
export function setAppearance(next: Appearance): void {
  const value = normaliseAppearance(next);
  if (value.colorScheme === current.colorScheme && value.fontSize === current.fontSize) return;
  current = value;
  applyFontSize(value.fontSize);
  try {
    localStorage.setItem(APPEARANCE_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage full or refused (private mode): the look still applies for this load.
  }
  listeners.forEach((l) => l());
}

/** Back to the defaults on this device (signing out: the next user starts from the system's). */
export function resetAppearance(): void {
  setAppearance(DEFAULT_APPEARANCE);
  try {
    localStorage.removeItem(APPEARANCE_STORAGE_KEY);
  } catch {
    // Nothing to remove.
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current appearance, read once (outside React, or in an effect). */
export function getAppearance(): Appearance {
  return current;
}

/** The current appearance, re-rendering when it changes. */
export function useAppearance(): Appearance {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => DEFAULT_APPEARANCE,
  );
}

applyFontSize(current.fontSize);
