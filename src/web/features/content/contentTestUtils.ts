import { expect } from 'vitest';
import { screen } from '@testing-library/react';

/** The heading levels of the page, in document order. */
export function headingLevels(root: ParentNode = document.body): number[] {
  return [...root.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((heading) => Number(heading.tagName[1]));
}

/** One h1, first, and no level skipped on the way down (h2 → h4 would be). */
export function expectWellFormedOutline(root: ParentNode = document.body): void {
  const levels = headingLevels(root);
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  expect(levels[0]).toBe(1);
  levels.forEach((level, index) => {
    if (index > 0)
      expect(level, `heading ${index} jumps from h${levels[index - 1]}`).toBeLessThanOrEqual(levels[index - 1]! + 1);
  });
}

export async function findPageHeading(): Promise<HTMLElement> {
  return screen.findByRole('heading', { level: 1 });
}

export function hrefOf(element: HTMLElement): string | null {
  return element.getAttribute('href');
}
