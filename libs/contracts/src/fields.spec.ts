import { z } from 'zod/mini';
import { controlCharacterProblems, keyText, multilineText, optionalEmailField, optionalText, requiredText } from './fields.js';

describe('text field kinds', () => {
  it('one-line text refuses line breaks, tabs and every other control character', () => {
    const name = requiredText('Full name');
    expect(name.parse('  Nimal Perera ')).toBe('Nimal Perera');
    for (const bad of ['Nimal\nPerera', 'Nimal\tPerera', 'Nimal\u0000', 'Nimal\u001b[2J', 'Nimal\u007f', 'Nimal\u0085']) {
      expect(name.safeParse(bad).error?.issues.map((i) => i.message)).toEqual(['Full name must be one line without control characters']);
    }
  });

  it('multi-line text keeps line breaks and tabs and refuses the other control characters', () => {
    const notes = multilineText('Notes');
    expect(notes.parse('first line\r\n\tsecond line')).toBe('first line\r\n\tsecond line');
    expect(notes.safeParse('a\u0000b').success).toBe(false);
    expect(notes.safeParse('a\u0007b').success).toBe(false);
  });

  it('URL keys may hold spaces, slashes, percent signs and any letters, but not a dot segment', () => {
    const city = keyText('Branch name');
    for (const good of ['São Paulo/Nord 100%', 'Ærøskøbing?#', 'a\\b', '...']) expect(city.parse(good)).toBe(good);
    expect(city.safeParse('..').error?.issues[0]?.message).toBe('Branch name cannot be "." or ".."');
    expect(city.safeParse('.').success).toBe(false);
    expect(city.safeParse('a\nb').success).toBe(false);
  });
});

describe('optional fields (npm run new:resource)', () => {
  it("optional text is '' when left out or empty, else one line", () => {
    const address = z._default(optionalText('Address', 10), '');
    expect(address.parse(undefined)).toBe('');
    expect(address.parse('  ')).toBe('');
    expect(address.parse(' Fort ')).toBe('Fort');
    expect(address.safeParse('a\nb').error?.issues[0]?.message).toBe('Address must be one line without control characters');
    expect(address.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe('Address must be at most 10 characters');
    expect(address.safeParse(5).error?.issues[0]?.message).toBe('Address must be text');
  });

  it("an optional e-mail is '' or a valid address", () => {
    expect(optionalEmailField.parse(' ')).toBe('');
    expect(optionalEmailField.parse(' a@example.com ')).toBe('a@example.com');
    expect(optionalEmailField.safeParse('not an address').error?.issues[0]?.message).toBe('Enter a valid email address');
  });
});

describe('controlCharacterProblems', () => {
  it('finds control characters (but tab, LF, CR) in every string, naming each field once', () => {
    expect(controlCharacterProblems({ a: 'x\u0000', b: ['ok', { c: '\u001f' }], d: 'tab\tnew\nline\r', e: 5, f: null }, 'body')).toEqual({
      a: 'a must not contain control characters (found U+0000)',
      'b.1.c': 'b.1.c must not contain control characters (found U+001F)',
    });
    expect(controlCharacterProblems('\u007f', 'body')).toEqual({ body: 'body must not contain control characters (found U+007F)' });
    expect(controlCharacterProblems({ 'bad\u0000key': 'x' }, 'body')).toEqual({ body: 'body must not contain control characters in a field name' });
    expect(controlCharacterProblems({ c1: 'next\u0085line' }, 'body')).toEqual({ c1: 'c1 must not contain control characters (found U+0085)' });
    expect(controlCharacterProblems({ text: 'São Paulo ✓ 100% / \\' }, 'body')).toEqual({});
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(Object.values(controlCharacterProblems(deep, 'body'))).toHaveLength(1);
  });
});
