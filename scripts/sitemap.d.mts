export declare function toolPathsFromRegistry(root: string): string[];
export declare function sitemapXml(siteUrl: string, paths: string[]): string;
