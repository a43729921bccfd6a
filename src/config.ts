import type { LanguageCode } from './i18n/languages';

export const CONFIG = {
  /** Where users report problems; shown as the footer's contact link. */
  issueTrackerUrl: 'https://github.com/localkit-app/localkit/issues',
  /** Languages whose footer shows the contact link. */
  contactLanguages: ['zh', 'zh-TW'] as LanguageCode[],
  /** How often an installed app checks for a new version. */
  updateCheckIntervalMs: 24 * 60 * 60 * 1000,
};
