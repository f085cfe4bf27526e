import type { ReactElement } from 'react';
import { Icon } from '../icons.js';
import type { NavItemModel, SiteModel } from '../model.js';
import { ColorModeToggle } from './ColorModeToggle.js';
import { NavbarItem } from './items/index.js';

export function Navbar({ navbar, colorMode, currentRoute }: { navbar: SiteModel['navbar']; colorMode: SiteModel['colorMode']; currentRoute: string }): ReactElement {
  const side = (position: NavItemModel['position']) =>
    navbar.items
      .map((item, index) => ({ item, index }))
      .filter(({ item }) => item.position === position)
      .map(({ item, index }) => <NavbarItem key={index} item={item} currentRoute={currentRoute} />);
  return (
    <nav className="navbar" aria-label="Main" data-hide-on-scroll={navbar.hideOnScroll ? '' : undefined}>
      <div className="navbar-inner">
        <button type="button" className="navbar-menu-button" data-mobile-menu-toggle="" aria-label="Toggle navigation bar" aria-expanded="false" aria-controls="navbar-primary-menu">
          <Icon name="menu" />
        </button>
        <a className="navbar-brand" href={navbar.homeHref}>
          {navbar.logo ? <img className="navbar-logo" src={navbar.logo.src} alt={navbar.logo.alt} height={32} /> : null}
          <b className="navbar-title">{navbar.title}</b>
        </a>
        <div className="navbar-items navbar-items-left" id="navbar-primary-menu">{side('left')}</div>
        <div className="navbar-items navbar-items-right">
          {side('right')}
          {colorMode.disableSwitch ? null : <ColorModeToggle />}
        </div>
      </div>
    </nav>
  );
}
