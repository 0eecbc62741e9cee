/**
 * Every name of the IANA tz database (zones and their links: Asia/Calcutta as well as
 * Asia/Kolkata, US/Eastern, UTC) that the runtime's Intl accepts, as the database spells it,
 * read from the dev-only source scripts/gen/zones.js reads; and a name typed in any letter case.
 */
import ct from 'countries-and-timezones';
import fc from 'fast-check';

const accepted = (zone: string) => {
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: zone });
		return true;
	} catch {
		return false;
	}
};

export const TZ_NAMES: readonly string[] = Object.keys(ct.getAllTimezones({ deprecated: true }))
	.filter(accepted)
	.sort();

/** A tz database name and the same name in random letter case, as a user may type it. */
export const zoneInAnyCase = () =>
	fc
		.constantFrom(...TZ_NAMES)
		.chain((name) => fc.mixedCase(fc.constant(name)).map((typed) => ({ name, typed })));
