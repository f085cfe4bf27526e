import type { ReactElement, ReactNode } from 'react';

export interface TabModel {
  /** What the tab stands for across the page (`python`, `200`); remembered choices are keys. */
  key: string;
  label: ReactNode;
  content: ReactNode;
}

/**
 * Panels that the client turns into a tablist (`templates/client/tabs.ts`). The server shows every
 * panel, one after another, each under its label, so the page reads without JavaScript; the tab
 * buttons wait hidden until the client takes over. With `remember`, the choice is stored under that
 * key and applied to every tabs of the same key. `labelled` panels carry their label themselves.
 */
export function Tabs({
  id,
  label,
  tabs,
  remember,
  labelled = false,
  className,
}: {
  /** Unique in the page: the ids of tabs and panels derive from it. */
  id: string;
  /** The tablist's accessible name. */
  label: string;
  tabs: TabModel[];
  remember?: string;
  labelled?: boolean;
  className?: string;
}): ReactElement {
  return (
    <div className={className ? `tabs ${className}` : 'tabs'} data-tabs="" data-tabs-remember={remember}>
      <div className="tabs-list" role="tablist" aria-label={label} hidden>
        {tabs.map((tab, index) => (
          <button
            key={`${tab.key} ${index}`}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-controls={`${id}-panel-${index}`}
            aria-selected={index === 0}
            tabIndex={index === 0 ? 0 : -1}
            data-tab={tab.key}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div key={`${tab.key} ${index}`} className="tabs-panel" id={`${id}-panel-${index}`} data-tab={tab.key}>
          {labelled ? null : <div className="tabs-panel-label">{tab.label}</div>}
          {tab.content}
        </div>
      ))}
    </div>
  );
}
