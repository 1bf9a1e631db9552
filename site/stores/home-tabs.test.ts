/**
 * The home trip-type tab bar's choice: "The first tab is selected when none is chosen" ('En grupo'), and
 * the tab the visitor chooses is the one shown after.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { $chosenHomeTab, $homeTab, chooseHomeTab } from './home-tabs.ts';

beforeEach(() => $chosenHomeTab.set(null));

describe('the home trip-type tabs', () => {
  it("shows 'En grupo' until the visitor chooses a tab", () => {
    expect($homeTab.get()).toBe('GROUP');
  });

  it("shows the chosen tab: 'Singles', then 'Privados'", () => {
    chooseHomeTab('SINGLE');
    expect($homeTab.get()).toBe('SINGLE');
    chooseHomeTab('FIT');
    expect($homeTab.get()).toBe('FIT');
  });
});
