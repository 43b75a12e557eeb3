import { dateCases } from './date-cases.ts';

// UTC+14: the machine's calendar day is ahead of Dubai's for most of the day.
process.env.TZ = 'Pacific/Kiritimati';
dateCases(-840);
