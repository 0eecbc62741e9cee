/**
 * The status callback of one call (start/callback.ts), from Call Settings: none without a URL,
 * an https URL (plain http only to this machine) sent as given with Content-Type added unless
 * a header sets it, and every other value refused naming the field and the item.
 */
import fc from 'fast-check';

import { readCallback } from '../../../../../nodes/VoiceAgentCalling/actions/call/start/callback';
import { startContext } from '../../../../helpers/startContext';

const JSON_TYPE = { 'Content-Type': 'application/json' };
const header = (name: string, value: string) => ({ name, value });

/** Row 1's callback, from Call Settings holding `callConfig`. */
const callbackOf = (callConfig: Record<string, unknown>) =>
	readCallback(startContext({ callConfig }).ctx, 1);

describe('readCallback', () => {
	it('is none without a URL or headers', () => {
		expect(callbackOf({})).toBeUndefined();
		expect(callbackOf({ callbackUrl: '  ' })).toBeUndefined();
	});

	it('sends an https URL as given, with Content-Type: application/json', () => {
		fc.assert(
			fc.property(fc.webUrl({ validSchemes: ['https'] }), (url) => {
				expect(callbackOf({ callbackUrl: url })).toEqual({
					callback_url: url,
					callback_args: { headers: JSON_TYPE },
				});
			}),
		);
	});

	it("keeps the headers given, the user's own Content-Type too; plain http to localhost", () => {
		const headers = { header: [header('X-Key', 'k1'), header('content-type', 'text/plain')] };
		expect(
			callbackOf({ callbackUrl: 'http://localhost:5678/hook', callbackHeaders: headers }),
		).toEqual({
			callback_url: 'http://localhost:5678/hook',
			callback_args: { headers: { 'X-Key': 'k1', 'content-type': 'text/plain' } },
		});
	});

	it.each([
		[{ callbackHeaders: { header: [header('X-Key', 'k1')] } }, 'is required when headers are set'],
		[{ callbackUrl: 'hooks' }, '"hooks" is not a valid URL'],
		[
			{ callbackUrl: 'http://hooks.example.com/a' },
			'must start with https:// (plain http is allowed for localhost only), got "http://hooks.example.com/a"',
		],
		[{ callbackUrl: 'https://u:p@hooks.example.com/' }, 'must not contain a user name or password'],
	])('refuses %j naming the field and the item', (callConfig, problem) => {
		expect(() => callbackOf(callConfig)).toThrow(
			`Call Settings › Status Callback URL: ${problem} [item 1]`,
		);
	});
});
