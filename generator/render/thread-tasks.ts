import type { TaskReply, TaskRequest, ThreadContext } from '../workers/protocol.js';
import { stale } from '../workers/protocol.js';
import type { SiteModel } from '../../templates/model.js';
import type { TreePage } from './pages.js';

/** A compiled page that draws on no contract, rendered on the second thread with the site model handed over first. */
export interface RenderRequest extends TaskRequest {
  kind: 'render';
  page: TreePage;
}

export const SITE_SHARE = 'site';

/** The page's HTML as UTF-8: encoding it is part of the work it saves the build's thread. */
export async function run(request: TaskRequest, context: ThreadContext): Promise<TaskReply> {
  const site = context.shared(SITE_SHARE) as SiteModel | undefined;
  if (!site) return stale('no site model was handed over');
  const { renderTreePage } = await import('./pages.js');
  return { ok: true, value: Buffer.from(renderTreePage(site, (request as RenderRequest).page)) };
}
