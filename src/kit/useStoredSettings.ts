import { useEffect, useState } from 'react';
import { parseSettings, type SettingsSchema } from '../lib/settings-schema';
import { readJson, STORAGE_KEYS, writeJson } from '../lib/storage';

/**
 * A tool's settings, remembered between visits on this device. What is read back is checked against
 * the tool's schema field by field: a missing, unknown or out-of-range field takes its default.
 */
export function useStoredSettings<S extends object>(toolId: string, defaults: S, schema: SettingsSchema<S>) {
  const key = STORAGE_KEYS.toolSettings(toolId);
  const [settings, setSettings] = useState<S>(() => parseSettings(readJson<unknown>(key, undefined), defaults, schema));
  useEffect(() => {
    writeJson(key, settings);
  }, [key, settings]);
  const update = (patch: Partial<S>) => setSettings((s) => ({ ...s, ...patch }));
  return [settings, update, setSettings] as const;
}
