import { describe, expect, it } from 'vitest';
import { showsPathAlone } from '../../../src/server/lib/campaign-parameters';

describe('showsPathAlone', () => {
  it.each([
    '/',
    '/find/jobs/',
    '/?',
    '/?utm_source=newsletter&utm_medium=email&utm_campaign=autumn-2026&utm_content=hero&utm_term=power+bi',
    '/?gclid=Cj0KCQ&gbraid=0AAA&wbraid=1BBB',
    '/pricing/?fbclid=IwAR0&msclkid=abc&ttclid=1&twclid=2&li_fat_id=3&igshid=4&yclid=5',
    '/?mc_cid=1&mc_eid=2&_ga=2.1.2.3&_gl=1*abc',
    '/?UTM_Source=Partner',
  ])('%s shows the page of its path', (url) => {
    expect(showsPathAlone(url)).toBe(true);
  });

  it.each([
    '/find/jobs/?q=sql',
    '/find/jobs/?utm_source=newsletter&page=2',
    '/find/professionals/?service=data-analytics&utm_medium=email',
    '/?scenario=client',
    '/?utm=1',
    '/?utm_=1',
    '/?gclid_extra=1',
    '/?next=%2Fdashboard%2F',
  ])('%s may show another page', (url) => {
    expect(showsPathAlone(url)).toBe(false);
  });
});
