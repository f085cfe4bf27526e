import type { ReactElement } from 'react';
import { SiteLink } from './Links.js';
import type { FooterModel } from './model.js';

export function Footer({ footer }: { footer: FooterModel }): ReactElement {
  return (
    <footer className="footer">
      <div className="footer-columns">
        {footer.columns.map((column) => (
          <section className="footer-column" key={column.title} aria-label={column.title}>
            <h2 className="footer-title">{column.title}</h2>
            <ul>
              {column.items.map((item) => (
                <li key={`${item.label} ${item.href}`}>
                  <SiteLink className="footer-link" link={item} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      {footer.copyright ? <p className="footer-copyright">{footer.copyright}</p> : null}
    </footer>
  );
}
