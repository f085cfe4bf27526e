import type NProgress from 'nprogress';
import type { SiteModel } from '../model.js';

type Settings = SiteModel['client']['progressBar'];
type Bar = typeof NProgress;

let settings: Settings | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
/** nprogress, loaded by the first navigation: its bar shows only after `delay`, which hides the load. */
let bar: Promise<Bar> | undefined;
/** Whether a navigation is under way: a bar that loads after it has ended is not started. */
let navigating = false;

/** Applies the config's `client.progressBar` constants; until then navigations show no bar. */
export function configureProgress(given: Settings): void {
  settings = given;
}

/** A navigation began: the bar appears only if still loading after the delay, so a fast one never flickers. */
export function startProgress(): void {
  clearTimeout(timer);
  const current = settings;
  if (current === undefined) return;
  navigating = true;
  bar ??= import('nprogress').then(({ default: nprogress }) => nprogress);
  const loading = bar;
  timer = setTimeout(
    () =>
      void loading.then((nprogress) => {
        if (!navigating) return;
        // nprogress 0.2 reads `trickleRate`, which its type definitions lack.
        const options: Partial<NProgress.NProgressOptions> & { trickleRate: number } = {
          minimum: current.minimum,
          speed: current.speed,
          trickleSpeed: current.trickleSpeed,
          trickleRate: current.trickleRate,
          showSpinner: current.showSpinner,
        };
        nprogress.configure(options);
        nprogress.start();
      }),
    current.delay,
  );
}

/** The new route has rendered (or the navigation was given up). */
export function finishProgress(): void {
  clearTimeout(timer);
  timer = undefined;
  navigating = false;
  void bar?.then((nprogress) => {
    if (nprogress.isStarted()) nprogress.done();
  });
}
