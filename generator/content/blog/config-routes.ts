import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { locatedAt } from '../../sources/zod-issues.js';
import type { ResolvedConfig } from '../../config/resolve.js';
import type { SourceFile } from '../../sources/source-file.js';
import { generatedRoutes } from './routes.js';
import type { Blog } from './types.js';

/** An error at the config's `blog.route` for each route of the blog that an API reference already has. */
export function blogRouteDiagnostics(
  blog: Blog,
  input: { config: ResolvedConfig; configSource: SourceFile; reservedRoutes: ReadonlyMap<string, string> },
): Diagnostic[] {
  return [...generatedRoutes(blog, input.config.blog)].flatMap(([route, what]) => {
    const owner = input.reservedRoutes.get(route);
    return owner === undefined
      ? []
      : [locatedAt(input.configSource, ['blog', 'route'], 'duplicate-route', `${what} (${route}) is already ${owner}`)];
  });
}
