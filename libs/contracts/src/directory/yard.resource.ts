import { keyText } from '../fields.js';
import { defineMasterData, masterDataSchemas } from '../master-data.js';

// Made by `npm run new:resource -- directory yard --fields YardName:key --rename newYardName --menu-action delete`.

/** Yards: the standard master-data calls at /api/yards/..., keyed by yard name; the update body renames with newYardName. */
export const yards = defineMasterData({
  service: 'directory',
  name: 'yard',
  schemas: masterDataSchemas('YardName', { YardName: keyText('Yard name', 100) }, { YardName: 'newYardName' }),
});
