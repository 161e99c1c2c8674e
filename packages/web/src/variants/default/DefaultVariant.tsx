import { mountApp } from '../../app/mount-app.tsx';

/** The main variant, for every browser that is neither mobile-only nor legacy (SPEC.md section 1). */
export function mount(root: HTMLElement): void {
  mountApp(root, 'default');
}
