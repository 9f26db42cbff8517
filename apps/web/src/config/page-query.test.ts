import { describe, expect, it } from 'vitest';
import { pageQuery } from './page-query';

const config = {
  portalLanguages: ['en', 'hi'],
};

describe('the query a server-rendered page is served under', () => {
  it.each([
    ['/feedback/asha/en', '', ''],
    ['/feedback/asha/en', 'x=1', ''],
    ['/feedback/asha/hi', 'fbclid=IwAR0&utm_source=fb', ''],
    ['/feedback/asha/en', 'browser=external&lg=en&fbclid=1', 'lg=en&browser=external'],
    ['/feedback/asha/en', 'browser=elsewhere', ''],
    ['/social-sign-up/asha', 'utm_source=x&start=apple.com&lg=hi', 'lg=hi&start=apple.com'],
    ['/social-sign-up/asha', 'lg=en&start=google.com', 'lg=en&start=google.com'],
    ['/social-sign-up/asha', 'start=evil.com', ''],
    ['/sign-up/asha', 'start=google.com&lg=hi', 'lg=hi'],
    ['/sign-up/asha', 'lg=xx', ''],
    ['/sign-up/asha', 'finish=1&utm_source=mail&lg=hi', 'lg=hi&finish=1'],
    ['/sign-up/asha', 'finish=yes', ''],
    ['/social-sign-up/asha', 'finish=1', ''],
    ['/confirm-email', 'lg=hi&ref=mail', 'lg=hi'],
    ['/feedback/asha/en', 'lg=en&lg=hi', 'lg=en'],
    ['/feedback/asha/en', 'lg=%65n', 'lg=en'],
    ['/tasks-Feedback', 'x=1', ''],
    // The invitation's way in: a marked way we make, on the invitation only.
    ['/feedback/asha/en', 'via=qr&utm_source=x', 'via=qr'],
    ['/feedback/asha/hi', 'lg=hi&via=card', 'lg=hi&via=card'],
    ['/feedback/asha/en', 'via=plain', ''],
    ['/feedback/asha/en', 'via=evil', ''],
    ['/sign-up/asha', 'via=link', ''],
  ])('%s?%s is served as ?%s', (path, query, expected) => {
    expect(pageQuery(path, query, config)).toBe(expected);
  });
});
