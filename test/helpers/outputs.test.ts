/**
 * The outputs recorder (outputs.ts): with OUTPUTS_RECORD set, a run is written down exactly
 * (the test, its ordinal, what it was given before it ran, its outcome or error, the requests
 * it sent through n8n-core's axios); a value JSON cannot hold never breaks the run.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import nock from 'nock';

import { BASE_URL } from './harness';

type Outputs = typeof import('./outputs');

let dir: string;
/** A record run's own setting (scripts/dev/outputs.js record), given back after each test. */
const suiteRecord = process.env.OUTPUTS_RECORD;
let outputs: Outputs;
let axios: { request(config: object): Promise<{ data: unknown }> };

beforeEach(() => {
	dir = mkdtempSync(path.join(tmpdir(), 'outputs-'));
	process.env.OUTPUTS_RECORD = dir;
	// A recorder of its own (the suite's, loaded by afterEnv.ts, is off). It hooks the axios
	// n8n-core sends with, on its first run: the file's own.
	jest.isolateModules(() => {
		outputs = require('./outputs');
	});
	axios = require(require.resolve('axios', { paths: [path.dirname(require.resolve('n8n-core'))] }));
});
afterEach(() => {
	if (suiteRecord === undefined) delete process.env.OUTPUTS_RECORD;
	else process.env.OUTPUTS_RECORD = suiteRecord;
	rmSync(dir, { recursive: true, force: true });
	nock.cleanAll();
});

const lines = () =>
	readdirSync(dir).flatMap((f) =>
		readFileSync(path.join(dir, f), 'utf8')
			.trim()
			.split('\n')
			.map((l) => {
				const { at, ...rest } = JSON.parse(l);
				expect(typeof at).toBe('number');
				return rest;
			}),
	);

const TEST = 'the outputs recorder';

describe(TEST, () => {
	test('writes each run with its ordinal, what it was given, its outcome and its requests', async () => {
		nock(BASE_URL).post('/calling/x', { b: 2 }).query({ q: '1' }).times(2).reply(200, { ok: true });
		const items = [{ json: { n: 1 } }];
		for (let n = 0; n < 2; n++) {
			await outputs.recorded(
				{ kind: 'execute', type: 'pkg.node', parameters: { p: 'v' }, given: { items } },
				async () => {
					// The run changes its input: the record keeps what it was given.
					items[0].json.n = 2;
					const data = (
						await axios.request({
							method: 'post',
							url: `${BASE_URL}/calling/x`,
							params: { q: '1' },
							data: { b: 2 },
						})
					).data;
					return [[{ json: data, pairedItem: { item: 0 } }]];
				},
				(result) => ({ outputs: result.map(outputs.itemsOf) }),
			);
		}
		const run = (ordinal: number, n: number) => ({
			file: 'test/helpers/outputs.test.ts',
			test: `${TEST} writes each run with its ordinal, what it was given, its outcome and its requests`,
			ordinal,
			kind: 'execute',
			type: 'pkg.node',
			parameters: { p: 'v' },
			given: { items: [{ json: { n } }] },
			outcome: { outputs: [[{ json: { ok: true }, pairedItem: { item: 0 } }]] },
			requests: [
				{
					method: 'POST',
					origin: 'https://api.test.local',
					path: '/ca/api/v0/calling/x',
					query: { q: '1' },
					body: { json: { b: 2 } },
				},
			],
		});
		expect(lines()).toEqual([run(1, 1), run(2, 2)]);
	});

	test('a run that throws is written with its error, and the error still thrown', async () => {
		const error = Object.assign(new Error('bad'), {
			description: 'why',
			context: { itemIndex: 3 },
		});
		await expect(
			outputs.recorded(
				{ kind: 'poll', type: 'pkg.node', parameters: {} },
				async () => {
					throw error;
				},
				() => ({}),
			),
		).rejects.toBe(error);
		expect(lines()).toEqual([
			expect.objectContaining({
				ordinal: 1,
				kind: 'poll',
				thrown: { name: 'Error', message: 'bad', description: 'why', itemIndex: 3 },
				requests: [],
			}),
		]);
	});

	test('an Invalid Date, a BigInt and a Buffer are named; a multipart boundary too', async () => {
		nock(BASE_URL).post('/up').reply(200, {});
		const body = Buffer.from(
			'--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--XyZ--\r\n',
		);
		const result = await outputs.recorded(
			{
				kind: 'execute',
				type: 'pkg.node',
				parameters: { when: new Date(NaN), big: BigInt(7), file: Buffer.from('ab') },
			},
			async () => {
				await axios.request({
					method: 'post',
					url: `${BASE_URL}/up`,
					data: body,
					headers: { 'Content-Type': 'multipart/form-data; boundary=XyZ' },
				});
				return 'done';
			},
			(r) => r,
		);
		expect(result).toBe('done');
		const [line] = lines();
		expect(line.parameters).toEqual({
			when: '[Invalid Date]',
			big: '7n',
			file: {
				bytes: 2,
				sha256: 'fb8e20fc2e4c3f248c60c39bd652f3c1347298bb977b8b4d5903b85055620603',
			},
		});
		expect(line.requests[0].body).toEqual({
			text: '--<boundary>\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--<boundary>--\r\n',
		});
		expect(line.outcome).toBe('done');
	});
});
