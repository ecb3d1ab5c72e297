import menu from './menu.js';

describe("the accounts remote's menu (./menu)", () => {
  it('brings no tile to Administrative Tools: the accounts open from the sidebar (requirements 01 §2 lists none)', () => {
    expect(menu).toEqual({ tiles: [] });
  });
});
