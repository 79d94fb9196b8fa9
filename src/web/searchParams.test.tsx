import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { server, useScenario } from '../../mocks/node';
import { answer } from '../../mocks/handlers';
import { renderApp } from '@/testing/renderApp';
import { catalogueHandlers, fullRequest, REQUEST_ID } from '@/testing/requestFixtures';

// A route's `validateSearch` is the only way a search parameter reaches a page: what it drops
// (an unknown proposal status, a sort nobody offers) is gone from the page and from the address,
// not passed on to the API as typed.

beforeEach(() => {
  useScenario('client');
  server.use(...catalogueHandlers());
});

describe('search parameters', () => {
  it('drops what the route’s check refuses, before the page asks the API', async () => {
    server.use(
      answer('GetServiceRequest', {
        status: 'success',
        message: 'OK',
        data: fullRequest({ editable: false, closeReason: null }),
      }),
    );
    const asked: string[] = [];
    server.use(
      http.get(`*/api/service/client/request/${REQUEST_ID}/proposals/`, ({ request }) => {
        // Recorded, then answered by the next handler (the generated mock).
        asked.push(new URL(request.url).search);
      }),
    );
    const path = `/dashboard/requests/${REQUEST_ID}/details/`;
    const app = renderApp(`${path}?tab=proposals&status=bogus&sort=cheapest&page=0`);
    expect(await screen.findByRole('tab', { name: 'Proposals', selected: true }, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    for (const query of asked) {
      expect(query).not.toMatch(/status=|sort=|page=0/);
    }
    await waitFor(() => expect(app.location()).toBe(`${path}?tab=proposals`));
  }, 30_000);
});
