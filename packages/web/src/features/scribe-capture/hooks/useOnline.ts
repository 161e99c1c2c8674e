import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** Whether the browser believes it is online (a dropped server shows in the sender's phase instead). */
export const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine);
