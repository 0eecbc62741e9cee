/**
 * A row of Start read once (start/row.ts): its fields resolved when it is read, each once,
 * a failed one held with its error and thrown to every step that asks for it (never when the
 * row is read), a field of one mode read when first asked and then held, each asker given its
 * own copy, and another item's field left to the context.
 */
import {
	readStartRow,
	readStartRowValues,
} from '../../../../../nodes/VoiceAgentCalling/actions/call/start/row';
import { fields } from '../../../../../nodes/shared/engine/params';
import { broken, startContext } from '../../../../helpers/startContext';

/** The fields resolved as soon as a row is read. */
const EAGER = [
	'defaultCountryCode',
	'mobileNumber',
	'name',
	'callConfig',
	'calleeTimeZone',
	'variablesMode',
	'waitForCompletion',
];

const caught = (read: () => unknown): unknown => {
	try {
		return read();
	} catch (error) {
		return error;
	}
};

describe('readStartRow', () => {
	it('resolves the fields every row gives once, and only those, when the row is read', () => {
		const { ctx, reads } = startContext();
		readStartRow(ctx, 2);
		expect(Object.fromEntries(reads)).toEqual(
			Object.fromEntries(EAGER.map((name) => [`${name} @2`, 1])),
		);
	});

	it('never throws: a failed field is held and thrown, the same error, to each asker', () => {
		const { ctx, reads } = startContext(Object.fromEntries(EAGER.map((n) => [n, broken(n)])));
		const row = readStartRow(ctx, 0);
		const ask = () => fields(row.params, 0).text('name', 'Callee Name');
		const first = caught(ask);
		expect(first).toEqual(new Error('broken name'));
		expect(caught(ask)).toBe(first);
		expect(reads.get('name @0')).toBe(1);
		expect(row.held.size).toBe(EAGER.length);
	});

	it('reads a field of one mode when first asked, then holds it; each asker gets a copy', () => {
		const given = { variable: [{ name: 'plan', value: 'gold' }] };
		const { ctx, reads } = startContext({ variables: given });
		const row = readStartRow(ctx, 0);
		expect(reads.get('variables @0')).toBeUndefined();
		const first = row.params.getNodeParameter('variables', 0) as typeof given;
		first.variable[0].value = 'changed';
		expect(row.params.getNodeParameter('variables', 0)).toEqual(given);
		expect(reads.get('variables @0')).toBe(1);
	});

	it("keeps a Date an expression gives as it is, and leaves another item's field to n8n", () => {
		const date = new Date(Date.UTC(2026, 4, 1));
		const { ctx, reads } = startContext({ name: (item: number) => (item ? 'Bob' : date) });
		const row = readStartRow(ctx, 0);
		expect(row.params.getNodeParameter('name', 0)).toBe(date);
		expect(row.params.getNodeParameter('name', 1)).toBe('Bob');
		expect(row.params.getNodeParameter('name', 1)).toBe('Bob');
		expect(reads.get('name @1')).toBe(2);
	});
});

describe('readStartRowValues', () => {
	const NOW = Date.UTC(2026, 0, 5, 12);

	it('types every value once, each reader run once, a failed one held with its error', () => {
		const { ctx, reads } = startContext({
			name: broken('name'),
			variablesMode: 'pairs',
			variables: { variable: [{ name: 'plan', value: 'gold' }] },
		});
		const values = readStartRowValues(readStartRow(ctx, 0), NOW);
		expect(values).toMatchObject({
			index: 0,
			countryCode: { ok: true, value: undefined },
			mobileNumber: { ok: true, value: '+14155550101' },
			callSettings: { ok: true, value: { config: undefined } },
			zone: { ok: true, value: undefined },
			variables: { ok: true, value: { plan: 'gold' } },
			name: { ok: false, error: new Error('broken name') },
			from: { ok: true, value: { from_number: '+14155550000' } },
			voice: { ok: true, value: undefined },
			callback: { ok: true, value: undefined },
		});
		expect([...reads.values()].every((n) => n === 1)).toBe(true);
	});

	it("reads a mode's fields only when the mode asks for them", () => {
		const { ctx, reads } = startContext({ calleeZoneColumn: broken('calleeZoneColumn') });
		readStartRowValues(readStartRow(ctx, 0), NOW);
		expect(reads.get('variables @0')).toBeUndefined();
		expect(reads.get('calleeZoneColumn @0')).toBeUndefined();
	});
});
