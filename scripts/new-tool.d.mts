export declare function newTool(root: string, category: string, id: string, name?: string): { dir: string; metaName: string };
