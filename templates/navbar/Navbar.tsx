import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { useHideOnScroll } from '../hooks/hide-on-scroll.js';
import { Icon } from '../icons.js';
import type { NavItemModel, SiteModel } from '../model.js';
import { SearchButton } from '../search/SearchButton.js';
import { ColorModeToggle } from './ColorModeToggle.js';
import { NavbarItem } from './items/index.js';
import { MobileSidebar } from './MobileSidebar.js';

/** History entries the open mobile menu pushes, so that Back closes it instead of leaving the page. */
export function isMenuEntry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { menu?: unknown }).menu === true;
}

/**
 * The mobile menu: shown or hidden; it closes on back navigation, when the window grows
 * to desktop width, and when the page changes.
 */
function useMobileMenu(
  route: string,
  desktopBreakpoint: number,
): { open: boolean; show: () => void; hide: () => void; dismiss: () => void } {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => {
    window.history.pushState({ ...(window.history.state as object | null), menu: true }, '');
    setOpen(true);
  }, []);
  const hide = useCallback(() => {
    if (isMenuEntry(window.history.state)) window.history.back();
    else setOpen(false);
  }, []);
  useEffect(() => setOpen(false), [route]);
  useEffect(() => {
    if (!open) return;
    const onPop = (): void => setOpen(false);
    const desktop = window.matchMedia(`(min-width: ${desktopBreakpoint + 1}px)`);
    const onResize = (): void => {
      if (desktop.matches) hide();
    };
    window.addEventListener('popstate', onPop);
    desktop.addEventListener('change', onResize);
    return () => {
      window.removeEventListener('popstate', onPop);
      desktop.removeEventListener('change', onResize);
    };
  }, [open, desktopBreakpoint, hide]);
  return { open, show, hide, dismiss: () => setOpen(false) };
}

export function Navbar({ site, currentRoute }: { site: SiteModel; currentRoute: string }): ReactElement {
  const { navbar, colorMode } = site;
  const menu = useMobileMenu(currentRoute, site.client.desktopBreakpoint);
  const hidden = useHideOnScroll(navbar.hideOnScroll);
  const side = (position: NavItemModel['position']) =>
    navbar.items
      .map((item, index) => ({ item, index }))
      .filter(({ item }) => item.position === position)
      .map(({ item, index }) => <NavbarItem key={index} item={item} currentRoute={currentRoute} />);
  return (
    <nav
      className={`navbar${hidden ? ' navbar-hidden' : ''}`}
      aria-label="Main"
      data-hide-on-scroll={navbar.hideOnScroll ? '' : undefined}
    >
      <div className="navbar-inner">
        <button
          type="button"
          className="navbar-menu-button"
          data-mobile-menu-toggle=""
          aria-label="Open the navigation menu"
          aria-expanded={menu.open}
          aria-controls={menu.open ? 'navbar-sidebar' : undefined}
          onClick={menu.open ? menu.hide : menu.show}
        >
          <Icon name="menu" />
        </button>
        <a className="navbar-brand" href={navbar.homeHref}>
          {navbar.logo ? <img className="navbar-logo" src={navbar.logo.src} alt={navbar.logo.alt} height={32} /> : null}
          <b className="navbar-title">{navbar.title}</b>
        </a>
        <div className="navbar-items navbar-items-left" id="navbar-primary-menu">
          {side('left')}
        </div>
        <div className="navbar-items navbar-items-right">
          {side('right')}
          <SearchButton className="navbar-search-button" />
          {colorMode.disableSwitch ? null : <ColorModeToggle defaultMode={colorMode.defaultMode} />}
        </div>
      </div>
      {menu.open ? (
        <MobileSidebar site={site} route={currentRoute} onClose={menu.hide} onNavigate={menu.dismiss} />
      ) : null}
    </nav>
  );
}
