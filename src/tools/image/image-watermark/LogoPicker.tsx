import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface Logo {
  bytes: Uint8Array;
  key: string;
  name: string;
}

/** The logo file: read and checked here (the browser must decode it), so a bad logo is said at once, not per row. */
export function LogoPicker({ logo, onLogo }: { logo?: Logo; onLogo: (logo: Logo | undefined) => void }) {
  const { t } = useTranslation('image-watermark');
  const [error, setError] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    try {
      const bitmap = await createImageBitmap(new Blob([bytes]));
      bitmap.close();
      setError(false);
      onLogo({ bytes, key: `${file.name}:${file.size}:${file.lastModified}`, name: file.name });
    } catch {
      setError(true);
      onLogo(undefined);
    }
  };
  return (
    <div className="space-y-1 text-sm">
      <label className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{t('logo')}</span>
        <input type="file" accept="image/png,image/jpeg,image/webp,image/gif,.png,.jpg,.jpeg,.webp,.gif" onChange={(e) => void pick(e.target.files?.[0])} data-testid="logo-input" />
      </label>
      {logo && !error && <p className="text-zinc-600 dark:text-zinc-400" data-testid="logo-name">{t('logoPicked', { name: logo.name })}</p>}
      {!logo && !error && <p className="text-zinc-600 dark:text-zinc-400">{t('logoHint')}</p>}
      {error && (
        <p role="alert" className="text-red-700 dark:text-red-400" data-testid="logo-error">
          {t('logoError')}
        </p>
      )}
    </div>
  );
}
