import { useEffect, useState } from 'react';
import { readJson, STORAGE_KEYS, writeJson } from '../lib/storage';

/** A tool's settings, remembered between visits on this device. Unknown or missing fields take the defaults. */
export function useStoredSettings<S extends object>(toolId: string, defaults: S) {
  const key = STORAGE_KEYS.toolSettings(toolId);
  const [settings, setSettings] = useState<S>(() => ({ ...defaults, ...pick(readJson<Partial<S>>(key, {}), defaults) }));
  useEffect(() => {
    writeJson(key, settings);
  }, [key, settings]);
  const update = (patch: Partial<S>) => setSettings((s) => ({ ...s, ...patch }));
  return [settings, update, setSettings] as const;
}

/** Keeps only the stored fields the defaults know, with the same type. */
function pick<S extends object>(stored: Partial<S>, defaults: S): Partial<S> {
  const out: Partial<S> = {};
  if (!stored || typeof stored !== 'object') return out;
  for (const k of Object.keys(defaults) as (keyof S)[]) {
    if (k in stored && typeof stored[k] === typeof defaults[k]) out[k] = stored[k];
  }
  return out;
}
