import { useEffect, useRef } from 'react';
import { takeHandedOff } from './handoffStore';

/**
 * For a text tool without a drop zone: the files another tool or /open left for this page, once, on mount
 * (the tool reads them into its text boxes; a drop zone does this for file tools).
 */
export function useHandedFiles(take: (files: File[]) => void): void {
  const takeRef = useRef(take);
  useEffect(() => {
    takeRef.current = take;
  });
  useEffect(() => {
    const handed = takeHandedOff(window.location.pathname);
    if (handed?.length) takeRef.current(handed);
  }, []);
}
