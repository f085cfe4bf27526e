import NProgress from 'nprogress';
import type { SiteModel } from '../model.js';

type Settings = SiteModel['client']['progressBar'];

let delay: number | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Applies the config's `client.progressBar` constants; until then navigations show no bar. */
export function configureProgress(settings: Settings): void {
  delay = settings.delay;
  // nprogress 0.2 reads `trickleRate`, which its type definitions lack.
  const options: Partial<NProgress.NProgressOptions> & { trickleRate: number } = {
    minimum: settings.minimum,
    speed: settings.speed,
    trickleSpeed: settings.trickleSpeed,
    trickleRate: settings.trickleRate,
    showSpinner: settings.showSpinner,
  };
  NProgress.configure(options);
}

/** A navigation began: the bar appears only if still loading after the delay, so a fast one never flickers. */
export function startProgress(): void {
  clearTimeout(timer);
  if (delay !== undefined) timer = setTimeout(() => NProgress.start(), delay);
}

/** The new route has rendered (or the navigation was given up). */
export function finishProgress(): void {
  clearTimeout(timer);
  timer = undefined;
  if (NProgress.isStarted()) NProgress.done();
}
