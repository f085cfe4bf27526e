import type { ReactElement } from 'react';
import type { SearchScope } from './model.js';

const KINDS: ReadonlyArray<{ kind: SearchScope['kind']; label: string }> = [
  { kind: 'all', label: 'All' },
  { kind: 'docs', label: 'Docs' },
  { kind: 'api', label: 'API reference' },
];

/** All results, the docs' only or the API reference's, and for the API one service or every one. */
export function ScopeFilters({
  scope,
  services,
  onScope,
}: {
  scope: SearchScope;
  services: readonly string[];
  onScope: (scope: SearchScope) => void;
}): ReactElement {
  return (
    <div className="search-scope">
      <fieldset className="search-scope-kinds">
        <legend className="visually-hidden">Show results from</legend>
        {KINDS.map(({ kind, label }) => (
          <label key={kind} className={scope.kind === kind ? 'search-scope-kind checked' : 'search-scope-kind'}>
            <input
              type="radio"
              name="search-scope"
              value={kind}
              checked={scope.kind === kind}
              onChange={() => onScope({ kind, service: kind === 'api' ? scope.service : '' })}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {scope.kind === 'api' && services.length > 1 ? (
        <label className="search-scope-service">
          <span>Service</span>
          <select
            value={scope.service}
            onChange={(event) => onScope({ kind: 'api', service: event.currentTarget.value })}
          >
            <option value="">All services</option>
            {services.map((service) => (
              <option key={service} value={service}>
                {service}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </div>
  );
}
