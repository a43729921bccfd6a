import { repository } from '../../package.json';

/** Where anyone using the app gets its source code (AGPL-3.0 section 13); package.json's repository. */
export const SOURCE_URL: string = repository;

/** The licences of the third-party software in the build, written by the build (scripts/third-party-notices.mjs). */
export const NOTICES_PATH = '/third-party-notices.txt';
