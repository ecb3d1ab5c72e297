import { CONTACT_LIMIT, ContactTexts } from './contact.resource.js';

describe('ContactTexts.tooMany', () => {
  it('tells the sender the wait in whole minutes, rounded up, one minute at least', () => {
    expect(ContactTexts.tooMany(CONTACT_LIMIT.windowSeconds)).toBe('You have already sent 5 messages this hour. Please try again in 60 minutes.');
    expect(ContactTexts.tooMany(61)).toBe('You have already sent 5 messages this hour. Please try again in 2 minutes.');
    expect(ContactTexts.tooMany(1)).toBe('You have already sent 5 messages this hour. Please try again in 1 minute.');
  });
});
