import { acceptsFile } from '../kit/accept';
import type { HandoffTarget, TargetsFor } from '../kit/handoff';
import { TOOL_ACCEPTS } from '../tools/accepts';

/** Which tools' drop zones take a file (type and size), in the order of `tools` (the registry's). */
export function targetsIn(tools: { id: string; path: string }[]): TargetsFor {
  return (file): HandoffTarget[] =>
    tools
      .filter((tool) => {
        const accept = TOOL_ACCEPTS[tool.id];
        return accept && acceptsFile(accept, file) && (accept.maxSize === undefined || file.size <= accept.maxSize);
      })
      .map(({ id, path }) => ({ id, path }));
}
