// `specsite dev` adds this script to every page it serves (never to a build): the page reloads when
// a newer build is ready, and a build with errors shows them over the page until they are fixed.
(() => {
  const script = document.currentScript;
  let served = script && script.dataset.build;
  const events = new EventSource(script ? script.dataset.events : '/__specsite/events');
  let overlay;
  events.addEventListener('open', () => {
    if (script) script.dataset.connected = '';
  });

  function show(problems) {
    if (!overlay) {
      overlay = document.createElement('div');
      overlay.id = 'specsite-dev-problems';
      overlay.setAttribute('role', 'alert');
      overlay.style.cssText =
        'position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:2rem;background:rgba(24,24,27,.94);color:#fafafa;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap';
      document.body.appendChild(overlay);
    }
    overlay.replaceChildren();
    const title = document.createElement('strong');
    title.textContent = 'The build failed; this is the last good page. Fix these and save:';
    title.style.cssText = 'display:block;margin-bottom:1rem;color:#fca5a5';
    overlay.appendChild(title);
    for (const line of problems) {
      const row = document.createElement('div');
      row.textContent = line;
      overlay.appendChild(row);
    }
  }

  // A full reload costs a page load; when the stylesheet and script are the ones already loaded,
  // swapping in the new page's content and title is enough, and much quicker.
  async function refresh(id) {
    try {
      const response = await fetch(location.href, { cache: 'no-store' });
      const next = new DOMParser().parseFromString(await response.text(), 'text/html');
      // The assets and the site's data (navbar, sidebar, footer) must be the same for a swap to do.
      const shell = (doc) =>
        [...doc.querySelectorAll('link[rel="stylesheet"], script[src]:not([data-build])')]
          .map((node) => node.getAttribute('href') || node.getAttribute('src'))
          .join(' ') + (doc.querySelector('body > script#__site-data')?.textContent ?? '');
      const current = document.querySelector('.page-wrapper');
      const fresh = next.querySelector('.page-wrapper');
      if (!response.ok || !current || !fresh || shell(next) !== shell(document)) throw new Error('reload');
      current.replaceWith(document.adoptNode(fresh));
      document.title = next.title;
      served = String(id);
      if (script) script.dataset.build = served;
      if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    } catch {
      location.reload();
    }
  }

  events.addEventListener('build', (event) => {
    const build = JSON.parse(event.data);
    if (!build.ok) {
      show(build.problems);
      return;
    }
    if (overlay) {
      overlay.remove();
      overlay = undefined;
    }
    if (String(build.id) !== served) refresh(build.id);
  });
})();
