// What a style sheet import is in the screen specs: nothing (jest.config.js).
export default {};
