import { Suspense, useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolMeta } from '../../tools/types';
import { ErrorBoundary } from '../ErrorBoundary';
import { markUsed } from '../favorites';
import { useDocumentMeta } from '../useDocumentMeta';
import { Loading } from './Loading';
import { ToolHeader } from './ToolHeader';

function ToolBody({ tool, Page }: { tool: ToolMeta; Page: ComponentType }) {
  // Suspends until the tool's own translations are loaded.
  useTranslation(tool.namespaces);
  return <Page />;
}

export function ToolRoute({ tool, Page }: { tool: ToolMeta; Page: ComponentType }) {
  const { t } = useTranslation();
  useDocumentMeta(t(`tools.${tool.id}.name`), t(`tools.${tool.id}.description`));
  useEffect(() => {
    markUsed(tool.id);
  }, [tool.id]);
  return (
    <div className="mx-auto w-full max-w-6xl p-4 sm:p-6" data-tool-page={tool.id}>
      <ToolHeader tool={tool} />
      <ErrorBoundary resetKey={tool.id}>
        <Suspense fallback={<Loading />}>
          <ToolBody tool={tool} Page={Page} />
        </Suspense>
      </ErrorBoundary>
    </div>
  );
}
