/** A group of clickable examples: a translated heading (groups.<id>) or a plugin name shown as is. */
export interface ExampleGroup {
  id: string;
  /** Plugin groups are titled with the plugin's own name, which is not translated. */
  plugin?: boolean;
  items: string[];
}
