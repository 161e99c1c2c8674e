import { mountApp } from '../../app/mount-app.tsx';

/** The variant for mobile-only devices: the same application in the shell sized for phones. */
export function mount(root: HTMLElement): void {
  mountApp(root, 'mobile');
}
