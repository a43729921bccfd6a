import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TOOLS, toolsIn, visibleCategories } from '../../tools/registry';
import type { ToolMeta } from '../../tools/types';
import { useFavorites, useRecent } from '../favorites';
import { useDocumentMeta } from '../useDocumentMeta';
import { homeSections } from './homeSections';
import { ToolCard } from './ToolCard';

function Section({ title, tools, testId }: { title: string; tools: ToolMeta[]; testId: string }) {
  if (tools.length === 0) return null;
  return (
    <section className="mb-8" data-testid={testId}>
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {tools.map((tool) => (
          <ToolCard key={tool.id} tool={tool} />
        ))}
      </div>
    </section>
  );
}

export function Home() {
  const { t } = useTranslation();
  useDocumentMeta(undefined);
  // Shortcuts first (each tool at most once among them), then the catalogue: every tool once, by category.
  const { favorites, recent, popular, updated } = homeSections(TOOLS, useFavorites(), useRecent());

  return (
    <div className="mx-auto w-full max-w-6xl p-4 sm:p-6">
      <section className="mb-8 rounded-2xl bg-gradient-to-br from-blue-600 to-indigo-700 p-6 text-white sm:p-8">
        <h1 className="mb-2 text-3xl font-bold" data-testid="home-title">
          {t('brand.name')}
        </h1>
        <p className="mb-4 text-lg text-blue-50">{t('brand.description')}</p>
        <p className="flex items-center gap-2 text-sm text-blue-100">
          <ShieldCheck className="size-5" aria-hidden /> {t('home.privacyPromise')}
        </p>
      </section>
      <Section title={t('home.favorites')} tools={favorites} testId="home-favorites" />
      <Section title={t('home.recent')} tools={recent} testId="home-recent" />
      <Section title={t('home.popular')} tools={popular} testId="home-popular" />
      <Section title={t('home.updated')} tools={updated} testId="home-updated" />
      {visibleCategories().map((c) => (
        <Section key={c.id} title={t(`categories.${c.id}`)} tools={toolsIn(c.id)} testId={`home-category-${c.id}`} />
      ))}
    </div>
  );
}
