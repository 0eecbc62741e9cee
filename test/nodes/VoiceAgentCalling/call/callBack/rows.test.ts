/**
 * Call Back's Variables From Rows, the join itself: which row a callee's number finds, and
 * what of it becomes the variables. The node tests (callBack.test.ts) cover the fields, the
 * order of the sources and the requests.
 */
import fc from 'fast-check';

import {
	variableRows,
	type VariableRows,
} from '../../../../../nodes/VoiceAgentCalling/actions/call/callBack/rows';
import { calleeNumber } from '../../../../../nodes/shared/calls/callee/values';
import { e164, phoneNumber, writtenAs } from '../../../../helpers/phoneFormats';

const rowsOf = (value: unknown, phone = 'phone', leaveOut = ['name']): VariableRows => {
	const rows = variableRows(value, phone, leaveOut);
	if ('problem' in rows) throw new Error(rows.problem);
	return rows;
};

test('the contacts file of the examples: each number as typed finds its row, "n/a" none', () => {
	const rows = rowsOf([
		{
			name: 'Maria Lopez',
			phone: '(415) 555-0142',
			clinic: 'Sunrise Clinic',
			date: 'June 9',
			time: '10:30',
		},
		{
			name: 'James Carter',
			phone: '415 555 0121',
			clinic: 'Sunrise Clinic',
			date: 'June 9',
			time: '11:00',
		},
		{
			name: 'Anna Schmidt',
			phone: '+1 415 555 0177',
			clinic: 'Sunrise Clinic',
			date: 'June 10',
			time: '09:15',
		},
		{
			name: 'Wei Chen',
			phone: 4155550199,
			clinic: 'Sunrise Clinic',
			date: 'June 10',
			time: '14:45',
		},
		{ name: 'Tom Baker', phone: 'n/a', clinic: 'Sunrise Clinic', date: 'June 11', time: '16:00' },
	]);
	expect(rows.count).toBe(5);
	expect(['+14155550142', '+14155550121', '+14155550177', '+14155550199'].map(rows.find)).toEqual([
		{ row: 1, variables: { clinic: 'Sunrise Clinic', date: 'June 9', time: '10:30' } },
		{ row: 2, variables: { clinic: 'Sunrise Clinic', date: 'June 9', time: '11:00' } },
		{ row: 3, variables: { clinic: 'Sunrise Clinic', date: 'June 10', time: '09:15' } },
		{ row: 4, variables: { clinic: 'Sunrise Clinic', date: 'June 10', time: '14:45' } },
	]);
	expect(rows.find('+14155550100')).toBeUndefined();
});

test('n8n items stand for their JSON; values as Start sends them; objects and lists left out', () => {
	const rows = rowsOf([
		{
			json: { phone: '+14155550123', visits: 3, vip: true, note: null, tags: ['a'], x: { y: 1 } },
			pairedItem: { item: 0 },
		},
	]);
	expect(rows.find('+14155550123')).toEqual({ row: 1, variables: { visits: '3', vip: 'true' } });
});

test('an object whose own column is named json is a row, not an item', () => {
	const rows = rowsOf([{ phone: '+14155550123', json: 'x' }]);
	expect(rows.find('+14155550123')).toEqual({ row: 1, variables: { json: 'x' } });
});

test("items by n8n's item rule (engine/items.ts): an Execute Workflow node's output (metadata), binary and pairedItem are items; a json key beside columns is data", () => {
	const rows = rowsOf([
		{
			json: { phone: '+14155550101', clinic: 'A' },
			pairedItem: { item: 0 },
			metadata: { subExecution: { executionId: '7', workflowId: 'w' } },
		},
		{ json: { phone: '+14155550102', clinic: 'B' }, binary: { data: { data: '', mimeType: 'x' } } },
		{ json: { phone: '+14155550103', clinic: 'C' }, pairedItem: 2 },
		{ phone: '+14155550104', clinic: 'D' },
		{ json: { phone: '+14155550199' }, phone: '+14155550105', clinic: 'E' },
	]);
	expect(
		['+14155550101', '+14155550102', '+14155550103', '+14155550104', '+14155550105'].map(rows.find),
	).toEqual([
		{ row: 1, variables: { clinic: 'A' } },
		{ row: 2, variables: { clinic: 'B' } },
		{ row: 3, variables: { clinic: 'C' } },
		{ row: 4, variables: { clinic: 'D' } },
		// Data, not an item: its json key is a column (an object, left out as prompts cannot say it).
		{ row: 5, variables: { clinic: 'E' } },
	]);
	expect(rows.find('+14155550199')).toBeUndefined();
});

test('the first row of a number wins; a list in JSON text is read', () => {
	const rows = rowsOf(
		JSON.stringify([
			{ phone: '4155550123', clinic: 'First' },
			{ phone: '+14155550123', clinic: 'Second' },
		]),
	);
	expect(rows.find('+14155550123')).toEqual({ row: 1, variables: { clinic: 'First' } });
});

test.each([
	[{ phone: '+14155550123' }],
	['not json'],
	[[1, 2]],
	[null],
	[undefined],
	[[{ a: 1 }, 'x']],
])('%j is not a list of rows', (value) => {
	expect(variableRows(value, 'phone', [])).toEqual({
		problem:
			"must be a list of rows (objects or items), e.g. {{ $('Contacts').all() }} for every item of the node named Contacts",
	});
});

test("property: a row finds a callee exactly when Start, under the callee's country code, would dial the row's number as that callee's", () => {
	fc.assert(
		fc.property(
			phoneNumber.chain((n) => fc.tuple(fc.constant(n), writtenAs(n))),
			phoneNumber,
			([n, written], other) => {
				const rows = rowsOf([{ phone: written, v: 'mine' }]);
				const read = calleeNumber(written, n.cc);
				const startDials = read.ok && read.number === e164(n);
				expect(rows.find(e164(n)) !== undefined).toBe(startDials);
				// Another number never finds it (unless it is the same number).
				if (e164(other) !== e164(n) && !(read.ok && read.number === e164(other)))
					expect(rows.find(e164(other))).toBeUndefined();
			},
		),
	);
});
