import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { COMPLETION_RULES } from '../../src/server/modules/account/completion';
import { COMPLETION_TARGETS, completionTarget } from '@/features/profile-completion/completionLinks';
import { createAppRouter } from '@/router';

const router = createAppRouter(new QueryClient(), { history: createMemoryHistory() });
const ACCOUNT_TYPES = ['client', 'freelancer', 'business'] as const;

describe('profile-completion links', () => {
  it.each(ACCOUNT_TYPES)('send a %s to the page the server names for each item, built from the route tree', (type) => {
    const rules = COMPLETION_RULES[type];
    expect(Object.keys(COMPLETION_TARGETS[type]).sort()).toEqual(rules.map((rule) => rule.key).sort());
    for (const rule of rules) {
      const href = router.buildLocation(completionTarget(type, rule.key)).href;
      expect(href, rule.key).toBe(rule.link);
      // Every target is a page of the app, not the not-found page.
      const pathname = href.split('#')[0]!;
      expect(router.matchRoutes(pathname).at(-1)?.routeId, rule.key).not.toBe('__root__');
    }
  });

  it('sends an item the web app does not know yet to the settings page', () => {
    expect(router.buildLocation(completionTarget('client', 'projects')).href).toBe('/dashboard/settings/');
  });
});
