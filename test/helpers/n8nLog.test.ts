import { n8nLogTail, withN8nLog } from './n8nLog';

const LOG = [
	'Initializing n8n process',
	'There are deprecations related to your n8n setup. Please take the recommended actions:',
	' - N8N_RUNNERS_MODE -> Internal task runner mode is deprecated.',
	'',
	'Error: getaddrinfo ENOTFOUND api.example',
	'    at GetAddrInfoReqWrap.onlookup [as oncomplete] (node:dns:112:26)',
	'Found unfinished executions: 1',
].join('\n');

describe('the n8n log beside an end-to-end failure', () => {
	test('drops deprecation notices, stack frames and blank lines', () => {
		expect(n8nLogTail(LOG)).toBe(
			[
				'Initializing n8n process',
				'Error: getaddrinfo ENOTFOUND api.example',
				'Found unfinished executions: 1',
			].join('\n'),
		);
	});

	test('keeps the last lines, saying how many it left out', () => {
		expect(n8nLogTail(LOG, 1)).toBe('(2 earlier lines left out)\nFound unfinished executions: 1');
	});

	test("goes after the failure's message, in its stack too, whose frames stay", () => {
		const failure = new Error('expected 1, received 2');
		const frames = failure.stack!.split('\n').slice(1);
		const thrown = withN8nLog(failure, LOG);
		expect(thrown).toBe(failure);
		expect(thrown.message).toBe(
			'expected 1, received 2\n--- n8n log (its end) ---\n' + n8nLogTail(LOG),
		);
		expect(thrown.stack!.split('\n')).toEqual([
			`Error: ${thrown.message.split('\n')[0]}`,
			...thrown.message.split('\n').slice(1),
			...frames,
		]);
	});

	test("a log's $ signs are taken as they are, in the stack too", () => {
		const thrown = withN8nLog(new Error('boom'), "Error: cost $& and $' and $1");
		expect(thrown.message).toBe("boom\n--- n8n log (its end) ---\nError: cost $& and $' and $1");
		expect(thrown.stack!.startsWith(`Error: ${thrown.message}\n`)).toBe(true);
	});

	test('a thrown value that is not an Error becomes one', () => {
		expect(withN8nLog('boom', 'Initializing n8n process').message).toBe(
			'boom\n--- n8n log (its end) ---\nInitializing n8n process',
		);
	});
});
