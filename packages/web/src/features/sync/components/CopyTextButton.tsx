import { Button, CopyButton, type ButtonProps } from '@mantine/core';
import { IconCheck, IconClipboardCopy } from '@tabler/icons-react';

export interface CopyTextButtonProps {
  /** The text put on the clipboard. */
  value: string;
  /** The button's words before copying: "Copy", "Copy all". */
  label?: string;
  size?: ButtonProps['size'];
}

/** Puts `value` on the clipboard; says "Copied" for a moment after. A button, so Enter and Space work. */
export function CopyTextButton({ value, label = 'Copy', size = 'xs' }: CopyTextButtonProps) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          size={size}
          variant="default"
          leftSection={copied ? <IconCheck size={16} /> : <IconClipboardCopy size={16} />}
          onClick={copy}
        >
          {copied ? 'Copied' : label}
        </Button>
      )}
    </CopyButton>
  );
}
