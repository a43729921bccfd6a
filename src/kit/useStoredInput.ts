import { useCallback, useEffect, useRef, useState } from 'react';
import { parseSettings, text, type SettingsSchema } from '../lib/settings-schema';
import { readJson, removeStored, STORAGE_KEYS, storeText } from '../lib/storage';
import { useHoldWork } from './activity';

/** Inputs longer than this (in JSON characters) are not stored: the browser's storage holds a few MB per site. */
export const MAX_STORED_INPUT = 1_000_000;
const WRITE_DELAY_MS = 250;
/**
 * Past this many characters a write waits for a longer pause in typing and for an idle moment: serialising
 * and storing two 400 KB texts is one task of 50-300 ms on a busy machine, which must not land between keys.
 */
const LARGE_INPUT = 100_000;
const LARGE_WRITE_DELAY_MS = 1000;
const IDLE_TIMEOUT_MS = 2000;

const textLength = (value: object) => Object.values(value).reduce<number>((n, v) => n + (typeof v === 'string' ? v.length : 0), 0);

const sameAs = <S extends object>(a: S, b: S) => (Object.keys(b) as (keyof S)[]).every((k) => a[k] === b[k]);

/**
 * A tool's text inputs, kept on this device across reloads and visits until the user clears them. Read
 * back through the tool's schema like settings. Writes are batched while typing and flushed when the page
 * goes away; an input too big to store (or a full storage) counts as work the page holds, so that
 * neither a new version nor a navigation drops it without asking.
 */
export function useStoredInput<S extends object>(toolId: string, empty: S, schema: SettingsSchema<S>) {
  const key = STORAGE_KEYS.toolInput(toolId);
  const [value, setValue] = useState<S>(() => parseSettings(readJson<unknown>(key, undefined), empty, schema));
  const [kept, setKept] = useState(true);
  const latest = useRef({ value, dirty: false });
  const emptyRef = useRef(empty);

  const flush = useCallback(() => {
    if (!latest.current.dirty) return;
    latest.current.dirty = false;
    const current = latest.current.value;
    if (sameAs(current, emptyRef.current)) {
      removeStored(key);
      setKept(true);
    } else {
      // Past the limit in characters it is past it in JSON too: no need to serialise megabytes to learn that.
      const json = textLength(current) > MAX_STORED_INPUT ? null : JSON.stringify(current);
      if (json === null || json.length > MAX_STORED_INPUT) {
        removeStored(key);
        setKept(false);
      } else {
        setKept(storeText(key, json));
      }
    }
  }, [key]);

  useEffect(() => {
    if (latest.current.value === value) return;
    latest.current = { value, dirty: true };
    const large = textLength(value) > LARGE_INPUT;
    if (!large || typeof requestIdleCallback === 'undefined') {
      const timer = setTimeout(flush, large ? LARGE_WRITE_DELAY_MS : WRITE_DELAY_MS);
      return () => clearTimeout(timer);
    }
    let idle = 0;
    const timer = setTimeout(() => {
      idle = requestIdleCallback(flush, { timeout: IDLE_TIMEOUT_MS });
    }, LARGE_WRITE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      cancelIdleCallback(idle);
    };
  }, [value, flush]);

  // Leaving the page (navigation, reload, closing the tab) writes what the delay still held back.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  // What is really kept: a text over the limit is not, even before the delayed write has found out.
  const keptNow = kept && textLength(value) <= MAX_STORED_INPUT;
  useHoldWork(!keptNow && !sameAs(value, empty));

  const clear = useCallback(() => setValue(emptyRef.current), []);
  return [value, setValue, clear, keptNow] as const;
}

const ONE_TEXT: SettingsSchema<{ text: string }> = { text: text(MAX_STORED_INPUT) };
const NO_TEXT = { text: '' };

/** One text box kept on this device (see useStoredInput); setting it to '' clears what is stored. */
export function useStoredText(toolId: string): [string, (text: string) => void, boolean] {
  const [value, setValue, , kept] = useStoredInput(toolId, NO_TEXT, ONE_TEXT);
  const setText = useCallback((next: string) => setValue({ text: next }), [setValue]);
  return [value.text, setText, kept];
}
