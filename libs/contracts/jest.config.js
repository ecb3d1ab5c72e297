import preset from '../../tools/jest/preset.js';

export default { ...preset, displayName: 'contracts' };
