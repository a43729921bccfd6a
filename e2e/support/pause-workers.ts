import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** A page's worker as Chromium's DevTools protocol lists it. */
export interface WorkerTarget {
  targetId: string;
  type: string;
  title: string;
  url: string;
  parentId?: string;
}

/**
 * Stops the page's workers that `pick` chooses in the debugger, all at once (one after another, those still running
 * would keep the job going meanwhile): a hang as a never-answering worker makes it. Returns the paused workers and
 * the session holding them; detaching it lets them go.
 */
export async function pauseWorkers(context: BrowserContext, page: Page, pick: (worker: WorkerTarget, all: WorkerTarget[]) => boolean): Promise<{ cdp: CDPSession; paused: WorkerTarget[] }> {
  const cdp = await context.newCDPSession(page);
  const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: WorkerTarget[] };
  const workers = targetInfos.filter((t) => t.type === 'worker');
  const paused = workers.filter((w) => pick(w, workers));
  let id = 0;
  await Promise.all(
    paused.map(async (t) => {
      const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: t.targetId, flatten: false })) as { sessionId: string };
      for (const method of ['Debugger.enable', 'Debugger.pause']) await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: ++id, method }) });
    }),
  );
  return { cdp, paused };
}
