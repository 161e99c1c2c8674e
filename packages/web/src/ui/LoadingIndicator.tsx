import { Center, Loader } from '@mantine/core';

export interface LoadingIndicatorProps {
  /** Fill the viewport (page loads) rather than the parent (a panel). */
  fullScreen?: boolean;
  label?: string;
}

/** The loading indicator of SPEC.md section 2 (size 64); also the fallback while code loads. */
export function LoadingIndicator({ fullScreen = true, label = 'Loading' }: LoadingIndicatorProps) {
  return (
    <Center h={fullScreen ? '100dvh' : '100%'} mih={fullScreen ? undefined : 120} role="status" aria-label={label}>
      <Loader size={64} />
    </Center>
  );
}
