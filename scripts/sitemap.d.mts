export declare function toolPathsFromRegistry(root: string): Promise<string[]>;
export declare function sitemapXml(siteUrl: string, paths: string[]): string;
