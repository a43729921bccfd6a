export declare const APP_FILE_TYPES: Record<string, string[]>;
export declare function fileEntryPoints(): {
  share_target: { action: string; method: 'POST'; enctype: 'multipart/form-data'; params: { files: { name: string; accept: string[] }[] } };
  file_handlers: { action: string; accept: Record<string, string[]> }[];
};
