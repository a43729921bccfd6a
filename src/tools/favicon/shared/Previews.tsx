import { useTranslation } from 'react-i18next';
import { checkerboard } from '../../../kit/checkerboard';
import type { FaviconBuild } from './build';
import { ICON_SIZE, type IconKey } from './spec';

interface Props {
  build: FaviconBuild;
  title: string;
  shortName: string;
}

const SIZE_ROW: IconKey[] = ['png16', 'png32', 'png48', 'apple180', 'android192', 'android512', 'maskable512'];

function BrowserTab({ icon, title, dark, label }: { icon: string; title: string; dark: boolean; label: string }) {
  return (
    <figure className="min-w-0 flex-1">
      <div className={`rounded-t-lg px-2 pt-2 ${dark ? 'bg-[#202124]' : 'bg-[#dee1e6]'}`} data-testid={dark ? 'preview-tab-dark' : 'preview-tab-light'}>
        <div className={`flex max-w-64 items-center gap-2 rounded-t-md px-3 py-2 text-xs ${dark ? 'bg-[#35363a] text-zinc-100' : 'bg-white text-zinc-900'}`}>
          <img src={icon} width={16} height={16} alt="" className="size-4 shrink-0" />
          <span className="truncate">{title}</span>
        </div>
      </div>
      <div className={`h-6 rounded-b-lg ${dark ? 'bg-[#35363a]' : 'bg-white ring-1 ring-zinc-200'}`} />
      <figcaption className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{label}</figcaption>
    </figure>
  );
}

/** The icons where people will see them: a browser tab (light and dark), a phone home screen, and each size at 1:1. */
export function Previews({ build, title, shortName }: Props) {
  const { t } = useTranslation('favicon');
  const tabIcon = build.urls.svg ?? build.urls.png32;
  const label = shortName || title || t('preview.untitled');
  return (
    <section className="panel min-w-0 space-y-5" aria-labelledby="favicon-preview-title" data-testid="previews">
      <h2 id="favicon-preview-title" className="text-lg font-semibold">
        {t('preview.title')}
      </h2>
      <div className="flex flex-col gap-4 sm:flex-row">
        <BrowserTab icon={tabIcon} title={title || t('preview.untitled')} dark={false} label={t('preview.tabLight')} />
        <BrowserTab icon={tabIcon} title={title || t('preview.untitled')} dark label={t('preview.tabDark')} />
      </div>
      <figure>
        <div className="mx-auto flex w-full max-w-xs justify-around rounded-3xl bg-gradient-to-br from-indigo-700 via-sky-700 to-emerald-700 px-4 py-8" data-testid="preview-phone">
          <div className="flex w-20 flex-col items-center gap-1">
            <img src={build.urls.apple180} width={60} height={60} alt={t('preview.ios')} className="size-[60px] rounded-[14px] shadow-md" />
            <span className="w-full truncate text-center text-xs text-white">{label}</span>
          </div>
          <div className="flex w-20 flex-col items-center gap-1">
            <img src={build.urls.maskable512} width={60} height={60} alt={t('preview.android')} className="size-[60px] rounded-full shadow-md" />
            <span className="w-full truncate text-center text-xs text-white">{label}</span>
          </div>
        </div>
        <figcaption className="mt-1 text-center text-xs text-zinc-600 dark:text-zinc-400">{t('preview.phone')}</figcaption>
      </figure>
      <div>
        <h3 className="mb-2 font-medium">{t('preview.sizes')}</h3>
        <ul className="flex flex-wrap items-end gap-4">
          {SIZE_ROW.map((key) => {
            const size = ICON_SIZE[key];
            const shown = Math.min(size, 128);
            return (
              <li key={key} className="flex flex-col items-center gap-1">
                <img
                  src={build.urls[key]}
                  width={shown}
                  height={shown}
                  alt={`${size}×${size}`}
                  className={key === 'maskable512' ? 'rounded-full' : undefined}
                  style={{ ...checkerboard(12), width: shown, height: shown }}
                />
                <span className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
                  {key === 'maskable512' ? t('preview.maskable') : `${size}×${size}${size > shown ? ` (${shown})` : ''}`}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
