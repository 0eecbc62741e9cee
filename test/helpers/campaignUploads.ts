/** What the tests of Campaign › Create's time zones share: a New York run and its uploads. */
import { mockApi } from './harness';
import { bodyBytes, parseMultipart } from './multipart';

/**
 * Create's settings for a run of 2027-01-15, 09:30 to 18:00 in New York (the zone the user
 * chose for Start and End), calling 08:00 to 21:00, numbers under +1.
 */
export const NEW_YORK_RUN = {
	countryCode: '+1',
	startAt: '2027-01-15T09:30:00',
	endAt: '2027-01-15T18:00:00',
	callConfig: { callStartTime: '08:00', callEndTime: '21:00', timezone: 'America/New_York' },
};

/** Every upload (`times` of them), its text fields and CSV; the n-th answered with listId(n). */
export function captureUploads(times: number, listId: (n: number) => string) {
	const seen: Array<{ fields: Record<string, string>; csv: string }> = [];
	const scope = mockApi()
		.post('/campaign/save')
		.times(times)
		.reply(function (_uri, body) {
			const form = parseMultipart(bodyBytes(body), String(this.req.headers['content-type']));
			const fields: Record<string, string> = {};
			for (const [k, v] of Object.entries(form.fields)) fields[k] = v[0];
			seen.push({ fields, csv: form.files[0]?.data.toString('utf8') ?? '' });
			return [
				200,
				{
					message: 'Contacts imported successfully!',
					list_id: listId(seen.length),
					total_rows: 1,
					successful_rows: 1,
					failed_rows: 0,
				},
			];
		});
	return { scope, seen };
}
