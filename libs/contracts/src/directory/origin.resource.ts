import { keyText, requiredText } from '../fields.js';
import { defineMasterData, masterDataSchemas } from '../master-data.js';

// Made by `npm run new:resource -- directory origin --fields OriginPortName:key,OriginPortLocation:text --search OriginPortName,OriginPortLocation --rename OriginPortName:newOriginPortName,OriginPortLocation:newOriginPortLocation`.

/** Origins: the standard master-data calls at /api/origins/..., keyed by origin port name; the update body renames with newOriginPortName, newOriginPortLocation. */
export const origins = defineMasterData({
  service: 'directory',
  name: 'origin',
  schemas: masterDataSchemas(
    'OriginPortName',
    { OriginPortName: keyText('Origin port name', 100), OriginPortLocation: requiredText('Origin port location') },
    { OriginPortName: 'newOriginPortName', OriginPortLocation: 'newOriginPortLocation' },
  ),
  sortFields: ['OriginPortName', 'OriginPortLocation'],
  searchFields: ['OriginPortName', 'OriginPortLocation'],
});
