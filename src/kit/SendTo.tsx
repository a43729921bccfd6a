import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { markDownloaded } from '../lib/download';
import { handOff, useTargetsFor } from './handoffStore';
import type { JobOutput } from '../runtime/jobs';

/** Hands a result to another tool that takes its type, without downloading it (resize → favicon, PNG → SVG, …). */
export function SendTo({ result }: { result: JobOutput & { size: number } }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const targetsFor = useTargetsFor();
  const targets = (targetsFor?.({ name: result.name, type: result.blob.type, size: result.size }) ?? []).filter((tool) => tool.path !== pathname);
  if (!targets.length) return null;

  const send = (path: string) => {
    handOff([new File([result.blob], result.name, { type: result.blob.type })], path);
    // It goes on with the user: leaving for the next tool does not lose it.
    markDownloaded([result.blob]);
    navigate(path);
  };

  return (
    <select
      className="field w-28 min-w-0 text-sm"
      value=""
      onChange={(e) => e.target.value && send(e.target.value)}
      onClick={(e) => e.stopPropagation()}
      aria-label={t('handoff.sendNamed', { name: result.name })}
      data-testid="send-to"
    >
      <option value="">{t('handoff.sendTo')}</option>
      {targets.map((tool) => (
        <option key={tool.id} value={tool.path} data-tool={tool.id}>
          {t(`tools.${tool.id}.name`)}
        </option>
      ))}
    </select>
  );
}
