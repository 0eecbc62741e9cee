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
import { calleeNumber } from '../../../../../nodes/shared/dialling/callee/values';
import { e164, phoneNumber, writtenAs, type PhoneNumber } from '../../../../helpers/phoneFormats';

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

test('two rows of one number with different values: neither is taken, both are named', () => {
	const rows = rowsOf(
		JSON.stringify([
			{ phone: '(415) 555-0100', name: 'Ada', date: 'June 9', time: '10:30' },
			{ phone: '+14155550142', name: 'Bob', date: 'June 9', time: '11:00' },
			{ phone: '+14155550100', name: 'Cy', date: 'June 10', time: '10:30' },
		]),
	);
	expect(rows.find('+14155550100')).toEqual({
		conflict: { rows: [1, 3], column: 'date', values: ['June 9', 'June 10'] },
	});
	expect(rows.find('+14155550142')).toEqual({
		row: 2,
		variables: { date: 'June 9', time: '11:00' },
	});
});

test('a column one row lacks differs too; rows equal in every value sent are one row', () => {
	const rows = rowsOf([
		{ phone: '4155550100', date: 'June 9' },
		{ phone: '+1 415 555 0100', date: 'June 9', time: '10:30' },
		{ phone: '+14155550123', name: 'Ada', date: 'June 9', note: null },
		{ phone: '415.555.0123', name: 'Ada Lovelace', date: 'June 9' },
	]);
	expect(rows.find('+14155550100')).toEqual({
		conflict: { rows: [1, 2], column: 'time', values: [null, '10:30'] },
	});
	// Name is left out, a null value is none: the two rows send the same.
	expect(rows.find('+14155550123')).toEqual({ row: 3, variables: { date: 'June 9' } });
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

/** A sheet's row for a number: its written phone and one of two values per column. */
const sheetRow = (n: PhoneNumber) =>
	fc.record({
		phone: writtenAs(n),
		date: fc.constantFrom('June 9', 'June 10'),
		time: fc.option(fc.constantFrom('10:30', '11:00'), { nil: undefined }),
		name: fc.constantFrom('Ada', 'Bob'),
	});

test('property: over sheets with duplicate numbers (written differently), a number finds its one row only when all its rows send the same values; else both rows are named', () => {
	fc.assert(
		fc.property(
			fc.uniqueArray(phoneNumber, { minLength: 1, maxLength: 4, selector: e164 }).chain((numbers) =>
				fc.tuple(
					fc.constant(numbers),
					fc.array(
						fc.constantFrom(...numbers).chain((n) => sheetRow(n)),
						{ minLength: 1, maxLength: 10 },
					),
				),
			),
			([numbers, sheet]) => {
				const rows = rowsOf(sheet);
				for (const n of numbers) {
					const number = e164(n);
					// The rows Start would dial as this callee, under its country code.
					const mine = sheet
						.map((row, k) => ({ row: k + 1, sent: sentOf(row) }))
						.filter(({ row }) => {
							const read = calleeNumber(sheet[row - 1].phone, n.cc);
							return read.ok && read.number === number;
						});
					const found = rows.find(number);
					if (!mine.length) {
						expect(found).toBeUndefined();
						continue;
					}
					const [first] = mine;
					const other = mine.find((m) => JSON.stringify(m.sent) !== JSON.stringify(first.sent));
					if (!other) {
						expect(found).toEqual({ row: first.row, variables: first.sent });
						continue;
					}
					const column = ['date', 'time'].find(
						(c) => first.sent[c as 'date'] !== other.sent[c as 'date'],
					)!;
					expect(found).toEqual({
						conflict: {
							rows: [first.row, other.row],
							column,
							values: [first.sent[column as 'date'] ?? null, other.sent[column as 'date'] ?? null],
						},
					});
				}
			},
		),
	);
});

/** What a row sends: every column but phone and name (the default Leave Out), set ones only. */
function sentOf(row: { date: string; time?: string }): { date: string; time?: string } {
	return row.time === undefined ? { date: row.date } : { date: row.date, time: row.time };
}
