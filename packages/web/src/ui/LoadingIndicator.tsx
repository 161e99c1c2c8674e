import { Center, Loader } from '@mantine/core';
import { isAprilFools, loadingIndicatorSize } from '../platform/core-web.ts';
import { LoadingCat } from './LoadingCat.tsx';

export interface LoadingIndicatorProps {
  /** Fill the viewport (page loads) rather than the parent (a panel). */
  fullScreen?: boolean;
  label?: string;
}

/**
 * The loading indicator of SPEC.md section 2: a 64-pixel spinner, or on 1 April a 100-pixel cat.
 * It is also the fallback while on-demand code loads.
 */
export function LoadingIndicator({ fullScreen = true, label = 'Loading' }: LoadingIndicatorProps) {
  const today = new Date();
  const size = loadingIndicatorSize(today);
  return (
    <Center h={fullScreen ? '100dvh' : '100%'} mih={fullScreen ? undefined : 160} role="status" aria-label={label}>
      {isAprilFools(today) ? <LoadingCat size={size} /> : <Loader size={size} />}
    </Center>
  );
}
