import { useEffect, useRef, useState } from 'react';
import { parseSettings, type SettingsSchema } from '../lib/settings-schema';
import { PRESET_PARAM, settingsFromParams, settingsToParams, withSettingsParams } from '../lib/settings-url';
import { readJson, STORAGE_KEYS, writeJson } from '../lib/storage';

/**
 * A tool's settings, remembered between visits on this device and carried in the page's address whenever they
 * differ from the defaults, so Share hands on a link that opens the tool set the same way. An address's
 * settings win over the stored ones, for that visit only: they are stored once the user changes something
 * (a link never overwrites what the user saved). Both are checked against the tool's schema field by field: a
 * missing, unknown or out-of-range field takes its default.
 */
export function useStoredSettings<S extends object>(toolId: string, defaults: S, schema: SettingsSchema<S>) {
  const key = STORAGE_KEYS.toolSettings(toolId);
  const [linked] = useState(() => settingsFromParams(new URLSearchParams(window.location.search), defaults, schema));
  const [settings, setSettings] = useState<S>(() => ({ ...parseSettings(readJson<unknown>(key, undefined), defaults, schema), ...linked }));
  // The settings as the page opened with them: from a link, not stored until they change.
  const opened = useRef(Object.keys(linked).length || new URLSearchParams(window.location.search).has(PRESET_PARAM) ? settings : null);
  // The page these settings belong to (once the app has moved on, its address is not ours to write), and the
  // defaults and schema as first given: a page may pass a new but equal object each render.
  const fixed = useRef({ path: window.location.pathname, defaults, schema });
  useEffect(() => {
    if (settings !== opened.current) writeJson(key, settings);
    const { pathname, search, hash } = window.location;
    if (pathname !== fixed.current.path) return;
    // Changed since a link opened the page: its preset's name no longer describes these settings.
    const preset = settings === opened.current ? undefined : null;
    const next = withSettingsParams(search, settingsToParams(settings, fixed.current.defaults, fixed.current.schema), fixed.current.schema, preset);
    // history.state is kept as it is: the router's entry index lives there.
    if (next !== search) window.history.replaceState(window.history.state, '', `${pathname}${next}${hash}`);
  }, [key, settings]);
  const update = (patch: Partial<S>) => setSettings((s) => ({ ...s, ...patch }));
  return [settings, update, setSettings, { fromLink: Object.keys(linked).length > 0 }] as const;
}
