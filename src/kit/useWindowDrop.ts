import { useEffect, useRef, useState } from 'react';
import { droppedFiles } from './folderFiles';

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/**
 * Catches files dragged anywhere over the window while `enabled`: the browser never navigates to a dropped file,
 * and the files go to `onFiles`, the same handler as the drop zone's. Returns whether files are being dragged over
 * the window (to show an overlay). Dropped folders are walked: their files come with the paths they had. Listens in the capture phase, so it runs before the shell's guard against stray drops.
 */
export function useWindowDrop(enabled: boolean, onFiles: (files: File[], from: { folder: boolean; truncated: boolean }) => void): boolean {
  const [over, setOver] = useState(false);
  const onFilesRef = useRef(onFiles);
  useEffect(() => {
    onFilesRef.current = onFiles;
  });

  useEffect(() => {
    if (!enabled) return;
    // dragenter/dragleave fire for every element crossed: count them to know when the drag has left the window.
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth++;
      setOver(true);
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const overWindow = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
      setOver(true);
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setOver(false);
      if (!e.dataTransfer?.files.length) return;
      droppedFiles(e.dataTransfer).then(
        ({ files, truncated, fromFolder }) => onFilesRef.current(files, { folder: fromFolder, truncated }),
        // A folder the browser cannot read (permissions, a vanished drive) adds nothing rather than half of it.
        (error: unknown) => console.warn('Could not read the dropped folder', error),
      );
    };
    const end = () => {
      depth = 0;
      setOver(false);
    };
    const opts = { capture: true };
    window.addEventListener('dragenter', enter, opts);
    window.addEventListener('dragleave', leave, opts);
    window.addEventListener('dragover', overWindow, opts);
    window.addEventListener('drop', drop, opts);
    window.addEventListener('dragend', end, opts);
    return () => {
      window.removeEventListener('dragenter', enter, opts);
      window.removeEventListener('dragleave', leave, opts);
      window.removeEventListener('dragover', overWindow, opts);
      window.removeEventListener('drop', drop, opts);
      window.removeEventListener('dragend', end, opts);
      setOver(false);
    };
  }, [enabled]);

  return over;
}
