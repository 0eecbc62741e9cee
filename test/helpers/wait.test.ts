import { waitFor } from './wait';

const dropped = () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });

test('a dropped connection is tried again; the wait ends when the check holds', async () => {
	let calls = 0;
	await waitFor(
		'three checks',
		() => {
			calls++;
			if (calls < 3) throw dropped();
			return true;
		},
		5000,
		1,
	);
	expect(calls).toBe(3);
});

test('any other error fails the wait at once', async () => {
	let calls = 0;
	await expect(
		waitFor(
			'a broken check',
			() => {
				calls++;
				throw new TypeError('not a function');
			},
			5000,
			1,
		),
	).rejects.toThrow('not a function');
	expect(calls).toBe(1);
});

test('at the bound, the last dropped connection is named', async () => {
	await expect(
		waitFor(
			'a service that keeps dropping',
			() => {
				throw dropped();
			},
			20,
			1,
		),
	).rejects.toThrow(
		'timed out after 20 ms waiting for a service that keeps dropping (last dropped connection: read ECONNRESET)',
	);
});
