import { useRef, type KeyboardEvent } from 'react';

/**
 * A tab strip (WAI-ARIA tabs with automatic activation): the arrow keys move to the next or
 * previous tab and open it, Home and End jump to the ends, and only the open tab is in the Tab
 * order. Each tab controls the panel `panelId(tab)`; the page renders the panels, labelled by
 * `tabId(tab)`.
 */
export function Tabs<T extends string>({
  tabs,
  labels,
  active,
  onSelect,
  label,
  className,
  tabId,
  panelId,
}: {
  tabs: readonly T[];
  labels: Record<T, string>;
  active: T;
  onSelect: (tab: T) => void;
  /** The strip's accessible name ("Request sections"). */
  label: string;
  /** The block class: `block` on the strip, `block__tab` and `block__tab--active` on the tabs. */
  className: string;
  tabId: (tab: T) => string;
  panelId: (tab: T) => string;
}) {
  const buttons = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});
  const select = (tab: T) => {
    onSelect(tab);
    buttons.current[tab]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.indexOf(active);
    const last = tabs.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(tabs[target]!);
  };
  return (
    <div role="tablist" aria-label={label} className={className} onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab}
          ref={(element) => {
            buttons.current[tab] = element;
          }}
          type="button"
          role="tab"
          id={tabId(tab)}
          aria-selected={tab === active}
          aria-controls={panelId(tab)}
          tabIndex={tab === active ? 0 : -1}
          className={`${className}__tab${tab === active ? ` ${className}__tab--active` : ''}`}
          onClick={() => select(tab)}
        >
          {labels[tab]}
        </button>
      ))}
    </div>
  );
}
