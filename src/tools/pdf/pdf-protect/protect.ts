import { protectPdf } from '../../../engines/pdf/client';
import { bool, type SettingsSchema } from '../../../lib/settings-schema';
import type { JobContext, JobOutput } from '../../../runtime/jobs';

/** What readers may do without the owner password. The password itself is never stored. */
export interface Permissions {
  print: boolean;
  copy: boolean;
  edit: boolean;
}

export const PROTECT_DEFAULTS: Permissions = { print: true, copy: true, edit: true };
export const PROTECT_SCHEMA: SettingsSchema<Permissions> = { print: bool(), copy: bool(), edit: bool() };

export interface ProtectSettings extends Permissions {
  password: string;
}

export async function protectJob(file: File, settings: ProtectSettings, ctx: JobContext): Promise<JobOutput> {
  const { password, ...allow } = settings;
  const result = await protectPdf(file, password, allow, ctx);
  return {
    blob: new Blob([result.bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
    name: file.name.replace(/(\.pdf)?$/i, '-protected.pdf'),
    facts: { format: 'PDF · AES-256', pages: result.pages, ...(result.repaired ? { note: 'pdf:notes.repaired' } : {}) },
  };
}
