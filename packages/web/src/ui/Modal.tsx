import { Modal as MantineModal, type ModalProps as MantineModalProps } from '@mantine/core';
import { MODAL_DEFAULTS } from '../platform/core-web.ts';

export interface ModalProps extends Omit<MantineModalProps, 'closeOnEscape' | 'closeOnClickOutside' | 'withCloseButton'> {
  /** The close button in the corner (shown unless the dialog must be answered). */
  withCloseButton?: boolean;
  /** Escape closes the dialog: off unless the screen asks (SPEC.md section 2). */
  closeOnEscape?: boolean;
  /** A click outside closes the dialog: off unless the screen asks. */
  closeOnClickOutside?: boolean;
}

/**
 * The modal dialog of SPEC.md section 2: an optional close button, shown by default; Escape and a
 * click outside do not close it unless the props say so, so a half-typed form is never lost to a
 * stray key or click.
 */
export function Modal({
  withCloseButton = MODAL_DEFAULTS.withCloseButton,
  closeOnEscape = MODAL_DEFAULTS.closeOnEscape,
  closeOnClickOutside = MODAL_DEFAULTS.closeOnClickOutside,
  ...props
}: ModalProps) {
  return (
    <MantineModal
      centered
      withCloseButton={withCloseButton}
      closeOnEscape={closeOnEscape}
      closeOnClickOutside={closeOnClickOutside}
      closeButtonProps={{ 'aria-label': 'Close', ...props.closeButtonProps }}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
      {...props}
    />
  );
}
