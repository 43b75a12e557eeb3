import { dateCases } from './date-cases.ts';

// UTC-8 in January, with daylight saving in March: behind Dubai by 11 to 12 hours.
process.env.TZ = 'America/Los_Angeles';
dateCases(480);
