/**
 * The home trip-type tab bar (storefront spec §2): 'En grupo', 'Singles', 'Privados'. A tab whose category
 * has carousels switches the recommendations below in place; the others link to their trip-type page.
 *
 * Without JavaScript (and until hydration) every tab but the selected one is a plain link and only the first
 * tab's panel shows, so the page works before and without this island. Panels are static HTML slots
 * (`panel0`, `panel1`, …, one per tab, in tab order).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { SliderCategory } from '#shared/enums.ts';
import { $homeTab, chooseHomeTab } from '../stores/home-tabs.ts';
import './home-trip-tabs.css';

export interface HomeTripTab {
  label: string;
  description: string;
  category: SliderCategory;
  href: string;
  inPage: boolean;
}

export interface HomeTripTabsProps {
  tabs: HomeTripTab[];
  panel0?: ReactNode;
  panel1?: ReactNode;
  panel2?: ReactNode;
  panel3?: ReactNode;
}

export default function HomeTripTabs({ tabs, ...slots }: HomeTripTabsProps) {
  const selected = useStore($homeTab);
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const panels = [slots.panel0, slots.panel1, slots.panel2, slots.panel3];

  return (
    <div className="trip-tabs">
      {/* biome-ignore lint/a11y/noRedundantRoles: Safari drops list semantics from lists styled without bullets unless the role is given. */}
      <ul className="trip-tabs__bar" role="list" aria-label="Tipo de viaje">
        {tabs.map((tab, i) => {
          const isSelected = tab.category === selected;
          const body = (
            <>
              <span className="trip-tabs__label">{tab.label}</span>
              <span className="trip-tabs__description">{tab.description}</span>
            </>
          );
          const asButton = isSelected || (enhanced && tab.inPage);
          return (
            <li key={tab.category}>
              {asButton ? (
                <button
                  type="button"
                  className="trip-tabs__tab"
                  aria-pressed={isSelected}
                  aria-controls={`trip-panel-${i}`}
                  onClick={() => chooseHomeTab(tab.category)}
                >
                  {body}
                </button>
              ) : (
                <a className="trip-tabs__tab" href={tab.href}>
                  {body}
                </a>
              )}
            </li>
          );
        })}
      </ul>
      {tabs.map((tab, i) => (
        <div key={tab.category} id={`trip-panel-${i}`} className="trip-tabs__panel" hidden={tab.category !== selected}>
          {panels[i]}
        </div>
      ))}
    </div>
  );
}
