/** The changelog page's slug under an API's route. */
export const CHANGELOG_SLUG = 'changelog';

/** Where a version's reference is: the newest at the API's route, each older one below it (`/api/x/1.0.0/`). */
export function versionRoute(apiRoute: string, version: string, newest: boolean): string {
  return newest ? apiRoute : `${apiRoute}${version}/`;
}

/** The API's changelog page: `/api/x/changelog/`. */
export function changelogRoute(apiRoute: string): string {
  return `${apiRoute}${CHANGELOG_SLUG}/`;
}
