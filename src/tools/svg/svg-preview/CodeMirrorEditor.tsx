// CodeMirror 6 with XML highlighting: its own chunk, loaded when the user first reaches for the source (SourceEditor).
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { xml } from '@codemirror/lang-xml';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useRef } from 'react';

// Classes, not colours: Tailwind gives each a light and a dark shade with enough contrast for both.
const highlight = HighlightStyle.define([
  { tag: tags.tagName, class: 'text-blue-800 dark:text-sky-300' },
  { tag: tags.attributeName, class: 'text-amber-800 dark:text-amber-300' },
  { tag: tags.attributeValue, class: 'text-green-800 dark:text-green-300' },
  { tag: [tags.comment, tags.meta], class: 'text-zinc-600 italic dark:text-zinc-400' },
  { tag: [tags.angleBracket, tags.definitionOperator], class: 'text-zinc-600 dark:text-zinc-400' },
]);

const theme = EditorView.theme({
  '&': { backgroundColor: 'transparent', color: 'inherit', fontSize: '13px', height: '100%' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' },
  '.cm-gutters': { backgroundColor: 'transparent', color: 'inherit', opacity: '0.75', border: 'none' },
  '.cm-activeLine': { backgroundColor: 'rgba(127, 127, 127, 0.1)' },
  '&.cm-focused': { outline: '2px solid #3b82f6' },
  '.cm-content': { caretColor: 'currentColor' },
});

export interface CodeMirrorProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  /** Set when it replaces a focused plain editor: take the focus and its selection. */
  focus?: { anchor: number; head: number };
}

export default function CodeMirrorEditor({ value, onChange, label, focus }: CodeMirrorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          history(),
          highlightActiveLine(),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          xml(),
          syntaxHighlighting(highlight),
          EditorView.lineWrapping,
          theme,
          EditorView.contentAttributes.of({ 'data-testid': 'text-input', 'aria-label': label, spellcheck: 'false' }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) onChangeRef.current(u.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = v;
    if (focus) {
      const end = v.state.doc.length;
      v.dispatch({ selection: { anchor: Math.min(focus.anchor, end), head: Math.min(focus.head, end) } });
      v.focus();
    }
    return () => {
      v.destroy();
      view.current = null;
    };
    // The editor is made once; later values arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new text from outside (a file, Format, Sanitise): replace the document, unless it is what we hold.
  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  return <div ref={host} className="h-full" />;
}
