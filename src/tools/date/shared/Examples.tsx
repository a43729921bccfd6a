import { useTranslation } from 'react-i18next';
import type { ExampleGroup } from './examples';

interface Props {
  groups: ExampleGroup[];
  onPick: (code: string) => void;
}

export function Examples({ groups, onPick }: Props) {
  const { t } = useTranslation('date-playground');
  return (
    <section aria-labelledby="playground-examples" className="panel space-y-3">
      <h2 id="playground-examples" className="text-sm font-semibold">
        {t('examples')}
      </h2>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('examplesHint')}</p>
      {groups.map((group) => (
        <div key={group.id} className="space-y-1">
          <h3 className="text-xs font-medium tracking-wide text-zinc-600 uppercase dark:text-zinc-400">{group.plugin ? t('pluginGroup', { name: group.id }) : t(`groups.${group.id}`)}</h3>
          <ul className="space-y-1">
            {group.items.map((code) => (
              <li key={code}>
                <button
                  type="button"
                  className="w-full rounded px-2 py-1 text-left font-mono text-xs break-all text-blue-800 hover:bg-zinc-100 dark:text-blue-300 dark:hover:bg-zinc-800"
                  onClick={() => onPick(code)}
                  data-testid="example"
                >
                  {code}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
