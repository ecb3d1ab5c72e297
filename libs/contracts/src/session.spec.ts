import { returnPath, signInPath } from './session.js';

describe('the page a sign-in returns to', () => {
  it('is a path of this site, with its query and hash', () => {
    expect(returnPath('/editbooking/IMP-000042')).toBe('/editbooking/IMP-000042');
    expect(returnPath('/importbooklist?direction=Export#top')).toBe('/importbooklist?direction=Export#top');
    expect(returnPath('/clientlogin?x=1', '/clientlogin')).toBeUndefined();
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'admindashboard',
    '',
    null,
    undefined,
    '/',
  ])('refuses %j (no open redirect, nothing to follow)', (next) => {
    expect(returnPath(next)).toBeUndefined();
  });

  it('is carried with the reason in the sign-in address, and read back unchanged', () => {
    const path = signInPath('/#login', 'signed-out', '/editbooking/IMP-000042?x=a&y=b');
    expect(path).toBe('/?reason=signed-out&next=%2Feditbooking%2FIMP-000042%3Fx%3Da%26y%3Db#login');
    const url = new URL(path, 'https://site.example');
    expect(returnPath(url.searchParams.get('next'))).toBe('/editbooking/IMP-000042?x=a&y=b');
  });
});
