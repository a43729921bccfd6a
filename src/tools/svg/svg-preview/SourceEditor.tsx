import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { CodeMirrorProps } from './CodeMirrorEditor';

const loadCodeMirror = () => import('./CodeMirrorEditor').then((m) => m.default);

/**
 * The SVG source: a plain textarea (fully editable) until the user reaches for it, then CodeMirror (highlighting,
 * line numbers, undo history). CodeMirror is ~100 KB gzip, two thirds of the page's budget: it loads on the first
 * focus or pointer over the box, and takes over with the textarea's text, focus and caret.
 */
export function SourceEditor({ value, onChange, label }: Omit<CodeMirrorProps, 'focus'>) {
  const [Editor, setEditor] = useState<ComponentType<CodeMirrorProps> | null>(null);
  const [handover, setHandover] = useState<CodeMirrorProps['focus']>();
  const plain = useRef<HTMLTextAreaElement>(null);
  const asked = useRef(false);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  const want = () => {
    if (asked.current) return;
    asked.current = true;
    loadCodeMirror().then(
      (component) => {
        if (!mounted.current) return;
        const area = plain.current;
        if (area && document.activeElement === area) setHandover({ anchor: area.selectionStart, head: area.selectionEnd });
        setEditor(() => component);
      },
      // Offline with a stale cache, say: the textarea stays, and does everything the page needs.
      (error: unknown) => console.warn('CodeMirror did not load; the plain editor stays', error),
    );
  };

  return (
    <div className="h-full" data-testid="code-editor" onPointerEnter={want}>
      {Editor ? (
        <Editor value={value} onChange={onChange} label={label} focus={handover} />
      ) : (
        <textarea
          ref={plain}
          className="h-full w-full resize-none bg-transparent p-2 font-mono text-[13px]"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onFocus={want}
          spellCheck={false}
          aria-label={label}
          data-testid="text-input"
        />
      )}
    </div>
  );
}
