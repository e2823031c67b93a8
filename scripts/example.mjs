// A small example of @querymode/core, run by the README's first command until the CLI exists.
import { normalizeQueryModeBody, validateQueryModeBody } from '@querymode/core';

const body = { config: { mode: 'timestamp', timestamp_colum_name: 'updated_at' } };
const result = validateQueryModeBody(body);
console.log(JSON.stringify(result, null, 2));

const fixed = normalizeQueryModeBody({
  mode: 'Timestamp',
  timestamp_column_name: 'updated_at',
  timestamp_delay_interval_ms: 60000,
});
console.log(JSON.stringify(fixed, null, 2));
