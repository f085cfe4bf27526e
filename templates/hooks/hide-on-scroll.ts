import { useEffect, useState } from 'react';

/** Navbar hide-on-scroll (off unless `navbar.hideOnScroll`): hidden while scrolling down past it. */
export function useHideOnScroll(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let last = window.scrollY;
    const onScroll = (): void => {
      const y = window.scrollY;
      const navbar = document.querySelector<HTMLElement>('.navbar');
      if (y < (navbar?.offsetHeight ?? 60)) setHidden(false);
      else if (Math.abs(y - last) > 4) setHidden(y > last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return hidden;
}
