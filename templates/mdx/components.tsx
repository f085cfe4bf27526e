import type { ReactElement, ReactNode } from 'react';
import { ExternalMark } from '../Links.js';
import { HIGHLIGHTED_CODE_TAG, type MdxComponentName } from './component-names.js';
import { HighlightedCode } from './HighlightedCode.js';
import { useSite } from '../site-context.js';
import { EnumValues } from './contract/EnumValues.js';
import { Operation } from './contract/Operation.js';
import { Schema } from './contract/Schema.js';
import { isSafeUrl } from '../url-policy.js';

const EXTERNAL = /^([a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * Site paths written in content (`/docs/`) are relative to the base URL, like Markdown links. The
 * content checks refuse other URLs already; a page tree that still holds one links nowhere.
 */
function useHref(href: string): { href: string | undefined; external: boolean } {
  const { baseUrl } = useSite();
  if (!isSafeUrl(href)) return { href: undefined, external: false };
  if (EXTERNAL.test(href)) return { href, external: true };
  return { href: href.startsWith('/') ? baseUrl + href.slice(1) : href, external: false };
}

export function ButtonLink({
  href,
  children,
  variant = 'primary',
}: {
  href: string;
  children: ReactNode;
  variant?: 'primary' | 'secondary';
}): ReactElement {
  const target = useHref(href);
  return (
    <a
      className={`button button-${variant}`}
      href={target.href}
      {...(target.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
      {target.external ? <ExternalMark /> : null}
    </a>
  );
}

/** The home page's banner: the site title as the page's h1 and the tagline from the config. */
export function Hero({ children }: { children?: ReactNode }): ReactElement {
  const site = useSite();
  return (
    <header className="hero">
      <div className="container">
        <h1 className="hero-title">{site.title}</h1>
        <p className="hero-tagline">{site.tagline}</p>
        {children ? <div className="hero-actions">{children}</div> : null}
      </div>
    </header>
  );
}

export function CardGrid({ children }: { children: ReactNode }): ReactElement {
  return <div className="card-grid">{children}</div>;
}

export function Card({ title, href, children }: { title: string; href?: string; children?: ReactNode }): ReactElement {
  const target = useHref(href ?? '');
  const heading = <h3 className="card-title">{title}</h3>;
  return (
    <section className="card">
      {href ? (
        <a
          className="card-link"
          href={target.href}
          {...(target.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {heading}
        </a>
      ) : (
        heading
      )}
      {children ? <div className="card-body">{children}</div> : null}
    </section>
  );
}

export function Section({ title, children }: { title?: string; children: ReactNode }): ReactElement {
  return (
    <section className="container page-section">
      {title ? <h2>{title}</h2> : null}
      {children}
    </section>
  );
}

/** Components an MDX page may use by name, without an import. */
export const MDX_COMPONENTS = {
  ButtonLink,
  Card,
  CardGrid,
  EnumValues,
  Hero,
  Operation,
  Schema,
  Section,
} as const satisfies Record<MdxComponentName, unknown>;

/** What a page tree is drawn with: the page's components, and the elements the build itself put in the tree. */
export const PAGE_TREE_COMPONENTS = { ...MDX_COMPONENTS, [HIGHLIGHTED_CODE_TAG]: HighlightedCode } as const;
