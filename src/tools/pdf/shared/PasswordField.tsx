import { Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A password typed for a job: shown on request, never stored, autocomplete off (it is a file's password, not the site's). */
export function PasswordField({ value, onChange, label }: { value: string; onChange: (value: string) => void; label: string }) {
  const { t } = useTranslation('pdf');
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <div className="grid max-w-md gap-1 text-sm">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <input id={id} className="field flex-1" type={shown ? 'text' : 'password'} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} data-testid="password" />
        <button type="button" className="btn btn-ghost" onClick={() => setShown((s) => !s)} aria-pressed={shown} aria-label={shown ? t('password.hide') : t('password.show')}>
          {shown ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
        </button>
      </div>
    </div>
  );
}
